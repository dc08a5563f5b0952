import type { TCandle } from '@app/contracts';
import {
  type CandlestickData,
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
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

/**
 * A point to mark on the chart: a bot's entry (below the price, pointing up) or exit (above, pointing down).
 * Shape and colour only: a label would be cut off at the newest candle; the page's legend names them.
 */
export interface ChartMarker {
  /** Epoch milliseconds; drawn on the candle that holds it. */
  at: number;
  price: string;
  kind: 'entry' | 'exit';
}

const ENTRY = '#1677ff';
const EXIT = '#fa8c16';

function markersOf(candles: TCandle[], markers: ChartMarker[]): SeriesMarker<UTCTimestamp>[] {
  return markers.flatMap((m) => {
    // The library places a marker on a bar's time: the candle the moment falls in.
    const candle = candles.findLast((c) => c.openTime <= m.at);
    if (!candle) return [];
    const entry = m.kind === 'entry';
    return [
      {
        time: chartTime(candle.openTime),
        position: entry ? 'atPriceBottom' : 'atPriceTop',
        price: +m.price,
        shape: entry ? 'arrowUp' : 'arrowDown',
        color: entry ? ENTRY : EXIT,
      },
    ];
  });
}

interface CandleChartProps {
  candles: TCandle[];
  /** Points to mark (a bot's entries and exits); none on the markets page. */
  markers?: ChartMarker[];
  /** The newest candle as the live prices move it; replaces or follows the last of `candles`. */
  live: TCandle | null;
  label: string;
}

/** A candlestick chart (TradingView lightweight-charts) that follows the live price. */
export function CandleChart({ candles, markers, live, label }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const marks = useRef<ISeriesMarkersPluginApi<UTCTimestamp> | null>(null);

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
    marks.current = createSeriesMarkers(series.current, []) as ISeriesMarkersPluginApi<UTCTimestamp>;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      marks.current = null;
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
    marks.current?.setMarkers(markersOf(candles, markers ?? []));
  }, [candles, markers]);

  useEffect(() => {
    const last = candles.at(-1);
    if (!series.current || !live || !last || live.openTime < last.openTime) return;
    series.current.update(barOf(live));
  }, [live, candles]);

  return (
    <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid="candle-chart" />
  );
}
