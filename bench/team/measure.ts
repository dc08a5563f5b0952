/** p50/p99 of sequential calls: each call waits for the last, so the figures are latencies, not load. */
export interface Latency {
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Untimed calls before the timed ones, as the pgbench reference and bench:ledger warm up (2 s,
 * BENCH_WARMUP_SECONDS). The first calls of a query pay one-time costs: the server session plans its
 * statements and compiles its PL/pgSQL functions, and V8 compiles the client code (Kysely, pg, the service)
 * in tiers over the first few thousand calls, its compiler threads sharing this machine's two cores with
 * the server. Measured on the sign-up's write, in rounds of 500 calls: p99 2.7-4.2 ms in the first three,
 * 1.4-2.3 ms in the next three, 0.80-0.85 ms from the 3,000th call on, which is what pgbench's C client
 * measures from the start. A live API has long passed that; a 20-call warm-up did not, and the query timed
 * first paid for it.
 */
const WARMUP_MS = 1000 * Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const WARMUP_MIN_CALLS = 20;
/** Sign-ups use a fresh slot per call; this bounds the slots a warm-up takes. */
export const WARMUP_MAX_CALLS = 5000;

/** `op` gets the call's index and whether this call is timed (warm-up calls come first, past `samples`). */
export async function timed(
  samples: number,
  op: (i: number, timedCall: boolean) => Promise<unknown>,
): Promise<Latency> {
  const warmUntil = performance.now() + WARMUP_MS;
  for (let k = 0; k < WARMUP_MAX_CALLS && (k < WARMUP_MIN_CALLS || performance.now() < warmUntil); k++) {
    await op(samples + k, false);
  }
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
