import { performance } from 'node:perf_hooks';

/** One workload's figures. */
export interface PhaseResult {
  name: string;
  clients: number;
  /** Seconds of the measured window (after the warm-up). */
  seconds: number;
  /** Operations that succeeded, finishing inside the measured window. */
  ok: number;
  tps: number;
  latencyMs?: { p50: number; p99: number; mean: number; max?: number };
  /** Failed operations inside the window, by error code. */
  errors: Record<string, number>;
  /** CPU time of this Node process over the phase, in cores (1.0 = one core busy throughout). */
  nodeCores?: number;
}

export interface LoopOptions {
  name: string;
  clients: number;
  warmupSeconds: number;
  seconds: number;
  /** One operation of client `c`; throws on failure. */
  op: (c: number) => Promise<void>;
  /** The code an error is counted under. */
  codeOf: (error: unknown) => string;
  /** Set to stop early (Ctrl-C). */
  aborted?: () => boolean;
}

/** The p-th percentile of ascending values (nearest rank); NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * `clients` loops, each doing one operation after the other (a closed loop: the next starts when the last
 * ended) for warm-up plus measured seconds. Only operations that finish inside the measured window count;
 * whatever is still running at the end is awaited and not counted.
 */
export async function closedLoop(o: LoopOptions): Promise<PhaseResult> {
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const measureFrom = start + o.warmupSeconds * 1000;
  const stopAt = measureFrom + o.seconds * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let ok = 0;
  const client = async (c: number) => {
    while (performance.now() < stopAt && !o.aborted?.()) {
      const t0 = performance.now();
      let code: string | null = null;
      try {
        await o.op(c);
      } catch (error) {
        code = o.codeOf(error);
      }
      const t1 = performance.now();
      if (t1 < measureFrom || t1 > stopAt) continue;
      if (code === null) {
        ok++;
        latencies.push(t1 - t0);
      } else {
        errors[code] = (errors[code] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, c) => client(c)));
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (Math.min(performance.now(), stopAt) - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((s, v) => s + v, 0) / (latencies.length || 1);
  return {
    name: o.name,
    clients: o.clients,
    seconds,
    ok,
    tps: seconds > 0 ? ok / seconds : 0,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), mean },
    errors,
    nodeCores: (cpu.user + cpu.system) / 1000 / (performance.now() - start),
  };
}

/** A random pair of distinct indexes below n. */
export function pair(n: number): [number, number] {
  const a = Math.floor(Math.random() * n);
  let b = Math.floor(Math.random() * (n - 1));
  if (b >= a) b++;
  return [a, b];
}

/** 0.01 to 1.00 of a 6-decimal currency, in whole cents. */
export const randomAmount = () => BigInt(1 + Math.floor(Math.random() * 100)) * 10_000n;
