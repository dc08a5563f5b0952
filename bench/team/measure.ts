/** p50/p99 of sequential calls: each call waits for the last, so the figures are latencies, not load. */
export interface Latency {
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function timed(samples: number, op: (i: number) => Promise<unknown>): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await op(i);
    times.push(performance.now() - t0);
  }
  return latencyOf(times);
}

/** p50/p99 of durations already taken (the parts of a timed call). */
export function latencyOf(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
