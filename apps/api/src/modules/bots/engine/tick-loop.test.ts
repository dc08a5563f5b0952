import { describe, expect, it } from 'vitest';
import { runTicks } from './tick-loop';

const quiet = { warn: () => undefined };

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
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          if (ticks === 2) throw new Error('the database was away');
        },
      },
      { intervalMs: 1, log: quiet, name: 'test tick' },
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    await loop.stop();
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
    await new Promise((resolve) => setTimeout(resolve, 150));
    await loop.stop();
    // Three busy ticks back to back, then the idle fourth waits out its second (stopped before a fifth).
    expect(starts).toHaveLength(4);
    expect(starts[3]! - starts[0]!).toBeLessThan(150);
  });
});
