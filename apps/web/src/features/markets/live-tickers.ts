import {
  HandRegisteredPaths,
  type TLiveTicker,
  type TMarketRow,
  type TTickerEvent,
  ZTickerEvent,
} from '@app/contracts';
import { useEffect, useState } from 'react';

type Listener = (event: TTickerEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
let newest: TTickerEvent | null = null;

/** How long to wait before opening the stream again after the browser gave up on it (401, server gone). */
const REOPEN_MS = 10_000;

function onTickers(message: MessageEvent<string>): void {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return;
  }
  const parsed = ZTickerEvent.safeParse(data);
  if (!parsed.success) return;
  newest = parsed.data;
  for (const listener of [...listeners]) listener(parsed.data);
}

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  const opened = new EventSource(HandRegisteredPaths.marketStream);
  opened.addEventListener('tickers', onTickers as EventListener);
  opened.onerror = () => {
    // The browser retries a dropped stream by itself; it gives up (CLOSED) on an error answer.
    if (opened.readyState !== EventSource.CLOSED) return;
    close();
    if (listeners.size > 0 && !reopenTimer) {
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (listeners.size > 0) open();
      }, REOPEN_MS);
    }
  };
  source = opened;
}

function close(): void {
  source?.close();
  source = null;
}

/**
 * One EventSource for the whole app, however many screens show live prices: opened by the first listener,
 * closed when the last one leaves.
 */
export function subscribeTickers(listener: Listener): () => void {
  listeners.add(listener);
  if (newest) listener(newest);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    close();
    newest = null;
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
  };
}

export interface LiveTickers {
  /** When the newest prices were read on the server (epoch ms); null before the first event. */
  at: number | null;
  bySymbol: ReadonlyMap<string, TLiveTicker>;
}

const none: LiveTickers = { at: null, bySymbol: new Map() };

function toLive(event: TTickerEvent): LiveTickers {
  return { at: Date.parse(event.at), bySymbol: new Map(event.items.map((i) => [i.symbol, i])) };
}

/**
 * The newest price of every symbol, pushed by the server about every 2 s. With `perFrame`, events that
 * arrive before the next frame become one render of the newest (issue 19: the home page's main thread is
 * busy enough at start), and a hidden tab, which gets no frames, renders none. Lists use it; the detail
 * page's chart folds every tick into its candle and takes each one.
 */
export function useLiveTickers({ perFrame = false }: { perFrame?: boolean } = {}): LiveTickers {
  const [live, setLive] = useState<LiveTickers>(none);
  useEffect(() => {
    if (!perFrame) return subscribeTickers((event) => setLive(toLive(event)));
    let pending: TTickerEvent | null = null;
    let frame: number | null = null;
    const unsubscribe = subscribeTickers((event) => {
      pending = event;
      frame ??= requestAnimationFrame(() => {
        frame = null;
        if (pending) setLive(toLive(pending));
        pending = null;
      });
    });
    return () => {
      unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [perFrame]);
  return live;
}

/** A list row with the live price and change, when the stream has one for its symbol. */
export function withLive(row: TMarketRow, live: LiveTickers): TMarketRow {
  const ticker = live.bySymbol.get(row.symbol);
  return ticker
    ? {
        ...row,
        last: ticker.last,
        change24hPercent: ticker.change24hPercent,
        quoteVolume24h: ticker.quoteVolume24h,
      }
    : row;
}
