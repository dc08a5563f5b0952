import type { TMarginMode, TTradePosition, TTradingExchange } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Slider from 'antd-mobile/es/components/slider';
import Stepper from 'antd-mobile/es/components/stepper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import styles from './LeverageControl.module.css';
import { Segmented } from './Segmented';
import { tradingApi, tradingKeys } from './trading.api';

export const LEVERAGE_MIN = 1;
export const LEVERAGE_MAX = 125;
/** What the control shows before the member has a position (the exchange's own default varies). */
const LEVERAGE_START = 10;

interface LeverageControlProps {
  exchange: TTradingExchange;
  symbol: string;
  /** The open position of this symbol: its leverage and margin mode are where the control starts. */
  position: TTradePosition | undefined;
}

/** setmargin / adjmargin: leverage 1–125 and isolated or cross margin of one perpetual, sent by Apply. */
export function LeverageControl({ exchange, symbol, position }: LeverageControlProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [leverage, setLeverage] = useState(position?.leverage ?? LEVERAGE_START);
  const [marginMode, setMarginMode] = useState<TMarginMode>(position?.marginMode ?? 'isolated');

  // A position that appears (or changes on the exchange) brings its settings; the parent keys this
  // control by symbol, so another symbol starts afresh.
  const heldLeverage = position?.leverage;
  const heldMode = position?.marginMode;
  useEffect(() => {
    if (heldLeverage === undefined || heldMode === undefined) return;
    setLeverage(heldLeverage);
    setMarginMode(heldMode);
  }, [heldLeverage, heldMode]);

  const apply = useMutation({
    mutationFn: () => tradingApi.setLeverage({ exchange, symbol, leverage, marginMode }),
    onSuccess: () => {
      showToast(t('trading.leverage.applied', { leverage, mode: t(`trading.marginModes.${marginMode}`) }));
      void queryClient.invalidateQueries({ queryKey: tradingKeys.account(exchange, 'perpetual') });
    },
  });

  const clamp = (n: number) => Math.min(LEVERAGE_MAX, Math.max(LEVERAGE_MIN, Math.round(n)));
  return (
    <section className={styles.box} aria-labelledby="leverage-title">
      <div className={styles.head}>
        <h3 id="leverage-title" className={styles.title}>
          {t('trading.leverage.title')}
        </h3>
        <div data-testid="leverage-stepper">
          <Stepper
            className={styles.stepper}
            min={LEVERAGE_MIN}
            max={LEVERAGE_MAX}
            digits={0}
            value={leverage}
            onChange={(n) => setLeverage(clamp(n ?? LEVERAGE_MIN))}
            aria-label={t('trading.leverage.value')}
          />
        </div>
      </div>
      <Slider
        min={LEVERAGE_MIN}
        max={LEVERAGE_MAX}
        value={leverage}
        onChange={(n) => setLeverage(clamp(Array.isArray(n) ? (n[0] ?? LEVERAGE_MIN) : n))}
        marks={{ 1: '1×', 25: '25×', 50: '50×', 75: '75×', 100: '100×', 125: '125×' }}
        ticks={false}
        popover
      />
      <div className={styles.foot}>
        <div className={styles.mode}>
          <Segmented
            name="marginMode"
            label={t('trading.leverage.marginMode')}
            value={marginMode}
            options={[
              { value: 'isolated', label: t('trading.marginModes.isolated') },
              { value: 'cross', label: t('trading.marginModes.cross') },
            ]}
            onChange={setMarginMode}
          />
        </div>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={apply.isPending}
          onClick={() => apply.mutate()}
        >
          {t('trading.leverage.apply')}
        </Button>
      </div>
    </section>
  );
}
