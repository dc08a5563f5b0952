import type {
  TClosePositionRequest,
  TOk,
  TPositionMarginRequest,
  TTradeOrder,
  TTradePosition,
  TTradingExchange,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { decimalText, signOf } from '../../shared/amounts';
import { errorCodeOf } from '../../shared/error-code';
import { useIdempotentMutation } from '../../shared/idempotency';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { ConfirmSheet } from './ConfirmSheet';
import { MarginSheet } from './MarginSheet';
import styles from './PositionsPanel.module.css';
import { Empty, Section } from './Section';
import { tradingApi, tradingKeys } from './trading.api';
import { partsOf } from './trading-paths';

interface PositionsPanelProps {
  exchange: TTradingExchange;
  positions: readonly TTradePosition[] | undefined;
  error: string | null;
  onRetry: () => void;
  /** Turns the order form to this symbol. */
  onPick: (symbol: string) => void;
}

/** The colours of Segmented.module.css's buy and sell (a Tag takes its colour as a prop). */
const BUY_COLOUR = '#0a8f5a';
const SELL_COLOUR = '#d9304f';

function pnlClass(value: string): string {
  const sign = signOf(value);
  return (sign > 0 ? styles.up : sign < 0 ? styles.down : '') ?? '';
}

/** Open perpetual positions of the venue, each with Close (confirm, then CloseOrder) and, when isolated, Margin. */
export function PositionsPanel({ exchange, positions, error, onRetry, onPick }: PositionsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState<TTradePosition | null>(null);
  const [closeError, setCloseError] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<TTradePosition | null>(null);
  const [marginError, setMarginError] = useState<string | null>(null);

  const close = useIdempotentMutation<TClosePositionRequest, TTradeOrder>(
    (body, key) => tradingApi.closePosition(body, key),
    {
      onSuccess: () => {
        setClosing(null);
        showToast(t('trading.positions.closed'));
        void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      },
      onError: (failure) => setCloseError(errorCodeOf(failure)),
    },
  );

  const adjust = useIdempotentMutation<TPositionMarginRequest, TOk>(
    (body, key) => tradingApi.adjustMargin(body, key),
    {
      onSuccess: () => {
        setAdjusting(null);
        showToast(t('positionMargin.done'));
        void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      },
      onError: (failure) => setMarginError(errorCodeOf(failure)),
    },
  );

  const side = (p: TTradePosition) => t(`trading.positions.${p.side}`);
  const rows: ReceiptRow[] = closing
    ? [
        { id: 'symbol', label: t('trading.confirm.symbol'), value: closing.symbol },
        { id: 'side', label: t('trading.positions.side'), value: side(closing) },
        { id: 'contracts', label: t('trading.positions.contracts'), value: decimalText(closing.contracts) },
        { id: 'entry', label: t('trading.positions.entry'), value: decimalText(closing.entryPrice) },
        { id: 'mark', label: t('trading.positions.mark'), value: decimalText(closing.markPrice) },
        {
          id: 'pnl',
          label: t('trading.positions.pnl'),
          value: `${decimalText(closing.unrealizedPnl)} ${partsOf(closing.symbol).quote}`,
          strong: true,
        },
      ]
    : [];

  return (
    <Section title={t('trading.positions.title')} error={error} onRetry={onRetry} testId="trade-positions">
      {positions && positions.length === 0 ? <Empty>{t('trading.positions.empty')}</Empty> : null}
      <ul className={styles.list}>
        {(positions ?? []).map((p) => {
          const { quote } = partsOf(p.symbol);
          return (
            <li key={`${p.symbol}-${p.side}`} className={styles.item} data-testid={`position-${p.symbol}`}>
              <div className={styles.top}>
                <button type="button" className={styles.symbol} onClick={() => onPick(p.symbol)}>
                  {p.symbol}
                </button>
                <Tag color={p.side === 'long' ? BUY_COLOUR : SELL_COLOUR}>{side(p)}</Tag>
                <span className={styles.leverage}>
                  {t('trading.positions.leverage', {
                    leverage: p.leverage,
                    mode: t(`trading.marginModes.${p.marginMode}`),
                  })}
                </span>
              </div>
              <dl className={styles.grid}>
                <div>
                  <dt>{t('trading.positions.contracts')}</dt>
                  <dd>{decimalText(p.contracts)}</dd>
                </div>
                <div>
                  <dt>{t('trading.positions.entry')}</dt>
                  <dd>{decimalText(p.entryPrice)}</dd>
                </div>
                <div>
                  <dt>{t('trading.positions.mark')}</dt>
                  <dd>{decimalText(p.markPrice)}</dd>
                </div>
                <div>
                  <dt>{t('trading.positions.pnl')}</dt>
                  <dd className={pnlClass(p.unrealizedPnl)} data-testid="position-pnl">
                    {decimalText(p.unrealizedPnl)} {quote}
                  </dd>
                </div>
                <div>
                  <dt>{t('trading.positions.liquidation')}</dt>
                  <dd data-testid="position-liquidation">{decimalText(p.liquidationPrice)}</dd>
                </div>
                <div>
                  <dt>{t('trading.positions.margin')}</dt>
                  <dd data-testid="position-margin">
                    {p.margin === null ? decimalText(null) : `${decimalText(p.margin)} ${quote}`}
                  </dd>
                </div>
              </dl>
              {/* Below the figures, not in their grid: in a grid cell the two buttons wrapped word by word. */}
              <div className={styles.actions}>
                {p.marginMode === 'isolated' ? (
                  <Button
                    size="small"
                    fill="outline"
                    onClick={() => {
                      setMarginError(null);
                      setAdjusting(p);
                    }}
                  >
                    {t('positionMargin.open')}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => {
                    setCloseError(null);
                    setClosing(p);
                  }}
                >
                  {t('trading.positions.close')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmSheet
        visible={closing !== null}
        title={t('trading.positions.confirmTitle')}
        rows={rows}
        confirmText={t('trading.positions.confirmClose')}
        tone={closing?.side === 'short' ? 'buy' : 'sell'}
        loading={close.isPending}
        error={closeError}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          if (closing) close.mutate({ exchange, symbol: closing.symbol });
        }}
      />
      <MarginSheet
        position={adjusting}
        loading={adjust.isPending}
        error={marginError}
        onCancel={() => setAdjusting(null)}
        onSubmit={(change) => {
          if (adjusting) adjust.mutate({ exchange, symbol: adjusting.symbol, ...change });
        }}
      />
    </Section>
  );
}
