import { spawn } from 'node:child_process';
import type { PhaseResult } from './measure';

const PGBENCH = process.env.PGBENCH ?? 'pgbench';

/** libpq's own environment for a URL, so pgbench reaches exactly the server the bench uses. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  else delete env.PGPASSWORD;
  return env;
}

function run(args: string[], url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { env: libpqEnv(url), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`pgbench ${args.join(' ')} exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}

export async function pgbenchVersion(): Promise<string> {
  return (await run(['--version'], 'postgres://localhost/postgres')).trim();
}

/** `pgbench -i -s <scale>`: the tpcb-like tables (100,000 accounts per unit of scale). */
export async function pgbenchInit(url: string, scale: number): Promise<void> {
  await run(['-i', '-s', String(scale), '-q'], url);
}

/** Parses `tps = 1234.5 (without initial connection time)` and the latency average. */
export function parsePgbench(out: string): {
  tps: number;
  processed: number;
  latencyMs: number | null;
  failed: number;
} {
  const tps = out.match(/^tps = ([0-9.]+)/m);
  if (!tps) throw new Error(`no tps line in pgbench output:\n${out}`);
  const processed = out.match(/^number of transactions actually processed: (\d+)/m);
  const latency = out.match(/^latency average = ([0-9.]+) ms/m);
  const failed = out.match(/^number of failed transactions: (\d+)/m);
  return {
    tps: Number(tps[1]),
    processed: processed ? Number(processed[1]) : 0,
    latencyMs: latency ? Number(latency[1]) : null,
    failed: failed ? Number(failed[1]) : 0,
  };
}

/**
 * A pgbench built-in script (by default tpcb-like: BEGIN; three UPDATEs, a SELECT and an INSERT; END;
 * select-only: one primary-key SELECT) with `clients` connections and `threads` threads: a warm-up run
 * that is thrown away, then the measured run.
 */
export async function pgbenchRun(
  url: string,
  o: {
    clients: number;
    threads: number;
    warmupSeconds: number;
    seconds: number;
    scale: number;
    builtin?: 'tpcb-like' | 'select-only';
  },
): Promise<PhaseResult & { raw: string }> {
  const builtin = o.builtin ?? 'tpcb-like';
  const args = (secs: number) => [
    '-c',
    String(o.clients),
    '-j',
    String(o.threads),
    '-T',
    String(secs),
    '-b',
    builtin,
    '-n',
  ];
  if (o.warmupSeconds > 0) await run(args(o.warmupSeconds), url);
  const raw = await run(args(o.seconds), url);
  const parsed = parsePgbench(raw);
  return {
    name: `pgbench ${builtin} (-s ${o.scale}, -j ${o.threads})`,
    clients: o.clients,
    seconds: o.seconds,
    ok: parsed.processed,
    tps: parsed.tps,
    ...(parsed.latencyMs === null
      ? {}
      : { latencyMs: { p50: Number.NaN, p99: Number.NaN, mean: parsed.latencyMs } }),
    errors: parsed.failed ? { failed: parsed.failed } : {},
    raw,
  };
}
