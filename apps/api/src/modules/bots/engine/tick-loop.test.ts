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
});
