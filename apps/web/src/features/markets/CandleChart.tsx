import type { TCandle } from '@app/contracts';
import {
  type CandlestickData,
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import styles from './CandleChart.module.css';
import { decimalsOf } from './market-format';

const UP = '#0ecb81';
const DOWN = '#f6465d';

/**
 * The chart library shows times as UTC; shifting each candle by the local offset makes its axis read in
 * the member's own time.
 */
function chartTime(openTime: number): UTCTimestamp {
  const offsetMs = new Date(openTime).getTimezoneOffset() * 60_000;
  return Math.floor((openTime - offsetMs) / 1000) as UTCTimestamp;
}

// The chart draws with numbers: fine for a picture of prices, which is all it is (amounts stay strings).
function barOf(c: TCandle): CandlestickData<UTCTimestamp> {
  return { time: chartTime(c.openTime), open: +c.open, high: +c.high, low: +c.low, close: +c.close };
}

interface CandleChartProps {
  candles: TCandle[];
  /** The newest candle as the live prices move it; replaces or follows the last of `candles`. */
  live: TCandle | null;
  label: string;
}

/** A candlestick chart (TradingView lightweight-charts) that follows the live price. */
export function CandleChart({ candles, live, label }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#595959', fontSize: 11 },
      grid: { vertLines: { color: '#f3f3f3' }, horzLines: { color: '#f3f3f3' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
    });
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
    });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const last = candles.at(-1);
    if (!series.current || !last) return;
    const precision = Math.min(8, decimalsOf(last.close));
    series.current.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
    series.current.setData(candles.map(barOf));
    chart.current?.timeScale().fitContent();
  }, [candles]);

  useEffect(() => {
    const last = candles.at(-1);
    if (!series.current || !live || !last || live.openTime < last.openTime) return;
    series.current.update(barOf(live));
  }, [live, candles]);

  return (
    <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid="candle-chart" />
  );
}
