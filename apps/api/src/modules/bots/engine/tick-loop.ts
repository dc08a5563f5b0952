/**
 * Runs a worker's ticks (the bot engine's, the paper exchange's matching) one after another, `intervalMs`
 * apart from start to start (a slow tick is followed at once by the next, never overlapped by it). A tick
 * that `busy` says did work is followed at once too: the prices may have moved while it ran, and a short
 * interval only pays its sleep when there was nothing to do. `stop` waits for the running tick to end.
 */
export function runTicks<T>(
  engine: { tick(): Promise<T> },
  options: {
    intervalMs: number;
    log: { warn(obj: object, msg: string): void };
    name?: string;
    busy?: (result: T) => boolean;
  },
) {
  let stopped = false;
  let wake: (() => void) | null = null;
  const done = (async () => {
    while (!stopped) {
      const started = Date.now();
      let worked = false;
      try {
        const result = await engine.tick();
        worked = options.busy?.(result) ?? false;
      } catch (error) {
        // The database was unreachable, say: the next tick tries again.
        options.log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          `${options.name ?? 'bot tick'} failed`,
        );
      }
      const rest = options.intervalMs - (Date.now() - started);
      if (rest > 0 && !worked && !stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, rest);
        });
      }
    }
  })();
  return {
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
