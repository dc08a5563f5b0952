import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTicks } from './tick-loop';

const quiet = { warn: () => undefined };

// The loop's pauses are timers: the test moves a fake clock through them instead of waiting, so a slow
// machine cannot change what it sees.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runTicks', () => {
  it('never overlaps ticks, keeps going after a failed one, and stop waits for the running tick', async () => {
    let running = 0;
    let most = 0;
    let ticks = 0;
    const loop = runTicks(
      {
        tick: async () => {
          running++;
          most = Math.max(most, running);
          ticks++;
          // Each tick takes 5 ms of the clock, longer than the 1 ms interval: the next must still wait.
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          if (ticks === 2) throw new Error('the database was away');
        },
      },
      { intervalMs: 1, log: quiet, name: 'test tick' },
    );
    await vi.advanceTimersByTimeAsync(60);
    const stopped = loop.stop();
    await vi.advanceTimersByTimeAsync(5); // the tick running at stop ends
    await stopped;
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(ticks).toBeGreaterThan(2);
  });

  it('follows a tick that did work at once, and waits the interval after an idle one', async () => {
    const starts: number[] = [];
    const loop = runTicks(
      {
        tick: async () => {
          starts.push(Date.now());
          return { stepped: starts.length <= 3 ? 1 : 0 };
        },
      },
      { intervalMs: 1000, log: quiet, busy: (r) => r.stepped > 0 },
    );
    // Three busy ticks back to back, then the idle fourth waits out its second: not a fifth before it ends.
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toHaveLength(4);
    expect(starts[3]! - starts[0]!).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(5);
    expect(starts[4]! - starts[3]!).toBe(1000);
    await loop.stop();
  });
});
