import { CandleIntervals, type TCandleInterval } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CandleChart, type ChartMarker } from '../markets/CandleChart';
import { recordKeys, recordsApi } from './bot-records.api';
import styles from './records.module.css';

/** Bottrade/chartInfo: the bot's symbol with its entries and exits marked on the candles. */
export function BotChartCard({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<TCandleInterval>('15m');
  const chart = useQuery({
    queryKey: recordKeys.chart(botId, interval),
    queryFn: () => recordsApi.chart(botId, interval),
    refetchInterval: 15_000,
  });
  const markers = useMemo<ChartMarker[]>(
    () => (chart.data?.markers ?? []).map((m) => ({ at: m.at, price: m.price, kind: m.kind })),
    [chart.data],
  );
  return (
    <section className={styles.chartCard} aria-label={t('botRecords.chart.title')} data-testid="bot-chart">
      <div className={styles.intervals}>
        {CandleIntervals.map((i) => (
          <Button
            key={i}
            size="mini"
            color={i === interval ? 'primary' : 'default'}
            onClick={() => setInterval(i)}
          >
            {i}
          </Button>
        ))}
      </div>
      {chart.data ? (
        <CandleChart
          candles={chart.data.candles}
          markers={markers}
          live={null}
          label={t('botRecords.chart.label', { symbol: chart.data.symbol })}
        />
      ) : (
        <DotLoading />
      )}
      <p className={styles.legendRow}>
        <span className={styles.entry}>▲ {t('botRecords.chart.entry')}</span>
        <span className={styles.exit}>▼ {t('botRecords.chart.exit')}</span>
        <span data-testid="bot-chart-markers">{t('botRecords.chart.count', { n: markers.length })}</span>
      </p>
    </section>
  );
}
