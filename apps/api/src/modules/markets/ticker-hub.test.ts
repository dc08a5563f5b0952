import type { TTickerEvent } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTickerHub, type TickerSubscriber } from './ticker-hub';

function eventAt(n: number): TTickerEvent {
  return {
    at: new Date(n * 1000).toISOString(),
    items: [
      {
        symbol: 'BTC/USDT',
        type: 'spot',
        last: String(90_000 + n),
        change24hPercent: '0.10',
        quoteVolume24h: '1',
      },
    ],
  };
}

function listener() {
  const got: TTickerEvent[] = [];
  let ended = false;
  const subscriber: TickerSubscriber = { send: (e) => got.push(e), end: () => (ended = true) };
  return { subscriber, got, ended: () => ended };
}

let reads: number;
const read = vi.fn(async () => eventAt(++reads));

beforeEach(() => {
  vi.useFakeTimers();
  reads = 0;
  read.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the shared ticker poller', () => {
  it('reads once per interval however many streams listen, and sends each the same prices', async () => {
    const hub = createTickerHub({ read, intervalMs: 2000 });
    const streams = Array.from({ length: 1000 }, () => listener());
    for (const s of streams) hub.subscribe(s.subscriber);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000 * 3);
    expect(read).toHaveBeenCalledTimes(4);
    expect(streams.every((s) => s.got.length === 4)).toBe(true);
    expect(streams[999]?.got.map((e) => e.items[0]?.last)).toEqual(['90001', '90002', '90003', '90004']);
    hub.close();
  });

  it('gives a stream that joins later the newest prices at once', async () => {
    const hub = createTickerHub({ read, intervalMs: 2000 });
    hub.subscribe(listener().subscriber);
    await vi.advanceTimersByTimeAsync(2500);
    const late = listener();
    hub.subscribe(late.subscriber);
    expect(late.got.map((e) => e.items[0]?.last)).toEqual(['90002']);
    hub.close();
  });

  it('stops polling when the last stream leaves, and starts again with the next one', async () => {
    const hub = createTickerHub({ read, intervalMs: 2000 });
    const a = hub.subscribe(listener().subscriber);
    const b = hub.subscribe(listener().subscriber);
    await vi.advanceTimersByTimeAsync(4000);
    expect(read).toHaveBeenCalledTimes(3);
    a();
    await vi.advanceTimersByTimeAsync(2000);
    expect(read).toHaveBeenCalledTimes(4);
    b();
    expect(hub.listeners).toBe(0);
    expect(hub.active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(4);
    const c = listener();
    hub.subscribe(c.subscriber);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(5);
    expect(c.got).toHaveLength(1);
    hub.close();
  });

  it('keeps streaming after the source fails once', async () => {
    const errors: unknown[] = [];
    const flaky = vi.fn(async () => {
      reads++;
      if (reads === 2) throw new Error('source down');
      return eventAt(reads);
    });
    const hub = createTickerHub({ read: flaky, intervalMs: 2000, onError: (e) => errors.push(e) });
    const s = listener();
    hub.subscribe(s.subscriber);
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.got.map((e) => e.items[0]?.last)).toEqual(['90001', '90003']);
    expect(errors).toHaveLength(1);
    hub.close();
  });

  it('drops a stream that cannot be written to, and the others carry on', async () => {
    const hub = createTickerHub({ read, intervalMs: 2000, onError: () => {} });
    const good = listener();
    hub.subscribe({
      send: () => {
        throw new Error('socket gone');
      },
      end: () => {},
    });
    hub.subscribe(good.subscriber);
    await vi.advanceTimersByTimeAsync(2000);
    expect(hub.listeners).toBe(1);
    expect(good.got).toHaveLength(2);
    hub.close();
  });

  it('ends every stream on shutdown and polls no more', async () => {
    const hub = createTickerHub({ read, intervalMs: 2000 });
    const streams = [listener(), listener()];
    for (const s of streams) hub.subscribe(s.subscriber);
    await vi.advanceTimersByTimeAsync(0);
    hub.close();
    expect(streams.map((s) => s.ended())).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    const after = listener();
    hub.subscribe(after.subscriber);
    expect(after.ended()).toBe(true);
  });
});
