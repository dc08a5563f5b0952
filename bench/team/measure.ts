/** p50/p99 of sequential calls: each call waits for the last, so the figures are latencies, not load. */
export interface Latency {
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Untimed calls before the timed ones: the first calls of a query pay one-time costs (the server session
 * plans its statements and compiles its PL/pgSQL functions, V8 compiles the client code), which would
 * otherwise be most of the slowest 1%. The pgbench reference warms up too (2 s).
 */
const WARMUP = 20;

/** `op` gets the call's index and whether this call is timed (warm-up calls come first, past `samples`). */
export async function timed(
  samples: number,
  op: (i: number, timedCall: boolean) => Promise<unknown>,
): Promise<Latency> {
  for (let k = 0; k < WARMUP; k++) await op(samples + k, false);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await op(i, true);
    times.push(performance.now() - t0);
  }
  return latencyOf(times);
}

/** p50/p99 of durations already taken (the parts of a timed call). */
export function latencyOf(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
