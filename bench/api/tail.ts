/**
 * Where a signed-in read's p99 comes from (issue 22, item 4; decision 82): the app as `npm start` starts
 * it, under `BENCH_CONNECTIONS` (50) on one read (`BENCH_READS`, default /api/me) for `BENCH_SECONDS`,
 * while the app's own Prometheus metrics are read once a second: the event loop's delay (prom-client's
 * `nodejs_eventloop_lag_*`, from `monitorEventLoopDelay`), the time in GC, and the pool's waiting clients.
 * Prints the latency percentiles beside what the metrics saw. `npx tsx bench/api/tail.ts`
 */
import { Paths } from '@app/contracts';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';
import { loadGet } from './load';
import { startApp } from './processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const read = process.env.BENCH_READS ?? Paths.me;
const token = 'bench-tail-metrics-token-0123456789';
process.env.METRICS_TOKEN = token;

/** One metric's value (the first sample whose name and labels start with `name`). */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

async function metrics(baseUrl: string): Promise<string> {
  const reply = await fetch(`${baseUrl}${Paths.metrics}`, { headers: { authorization: `Bearer ${token}` } });
  return reply.text();
}

async function main() {
  const server = await openServer();
  const dbName = `bench_tail_${process.pid}`;
  await createDatabase(server, dbName);
  const app = await startApp(server.urlOf(dbName), (l) => process.stderr.write(`${l}\n`));
  try {
    const login = await fetch(`${app.baseUrl}${Paths.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'alice01', password: DEMO_PASSWORD }),
    });
    const { token: bearer } = (await login.json()) as { token: string };
    const load = { name: read, url: `${app.baseUrl}${read}`, token: bearer, connections };
    await loadGet({ ...load, seconds: 3 });
    const samples: Array<{ lagMax: number; lagP99: number; waiting: number }> = [];
    const before = await metrics(app.baseUrl);
    let stop = false;
    const sampler = (async () => {
      while (!stop) {
        await new Promise((r) => setTimeout(r, 1000));
        const m = await metrics(app.baseUrl);
        samples.push({
          lagMax: sample(m, 'nodejs_eventloop_lag_max_seconds') * 1000,
          lagP99: sample(m, 'nodejs_eventloop_lag_p99_seconds') * 1000,
          waiting: sample(m, 'db_pool_connections{state="waiting"}'),
        });
      }
    })();
    const result = await loadGet({ ...load, seconds });
    stop = true;
    await sampler;
    const after = await metrics(app.baseUrl);
    const gc = ['minor', 'major', 'incremental', 'weakcb'].map((kind) => {
      const of = (text: string, what: string) =>
        sample(text, `nodejs_gc_duration_seconds_${what}{kind="${kind}"}`) || 0;
      const ms = (of(after, 'sum') - of(before, 'sum')) * 1000;
      return `${kind} ${of(after, 'count') - of(before, 'count')} (${ms.toFixed(0)} ms)`;
    });
    console.log(
      `${read}: ${result.perSecond.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms at ${connections} connections`,
    );
    console.log(`GC in the ${seconds} s: ${gc.join(', ')}`);
    console.log('per second: event-loop lag p99 / max ms, pool waiting');
    for (const s of samples)
      console.log(
        `  ${s.lagP99.toFixed(1)} / ${s.lagMax.toFixed(1)}, ${Number.isNaN(s.waiting) ? '-' : s.waiting}`,
      );
  } finally {
    await app.stop();
    await dropDatabase(server, dbName);
    await server.stop();
  }
}

await main();
