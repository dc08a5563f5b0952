/**
 * The fixed cost of a request (issue 22, decision 91): the server's CPU microseconds per request of
 * `/api/health` (no session) and signed-in reads (`/api/me` unless OVERHEAD_PATHS names others), beside the
 * bare Fastify + pg reference measured in the same run. As bench:api does, each app first moves money for a
 * second (alice01 and bobby01 send each other transfers), so its reads run as in production and alice01's
 * records have counterparties. Each server runs in a process of its own (the app as `npm start` runs it,
 * processes.ts), so the load generator's own CPU is not counted; the figure is the server's user + system
 * CPU over a fixed number of requests, the median of several rounds.
 *
 *   npx tsx bench/api/overhead.ts                      # this checkout's app
 *   OVERHEAD_ROOTS=/path/a,/path/b npx tsx bench/api/overhead.ts   # two checkouts, rounds A B B A ...
 *
 * OVERHEAD_REQUESTS (10000 per measure), OVERHEAD_ROUNDS (4), OVERHEAD_CONNECTIONS (50), OVERHEAD_PATHS
 * (`/api/me`; e.g. `/api/me,/api/wallet/records`).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Paths } from '@app/contracts';
import autocannon from 'autocannon';
import { DEMO_TRANSACTION_PASSWORD } from '../../apps/api/src/db/seed/demo';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';
import { loadTransfers, signIn } from './load';
import { cpuMsOf, type Running, startApp, startReference } from './processes';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const requests = intEnv('OVERHEAD_REQUESTS', 10000);
const rounds = intEnv('OVERHEAD_ROUNDS', 4);
const connections = intEnv('OVERHEAD_CONNECTIONS', 50);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const roots = (process.env.OVERHEAD_ROOTS || here).split(',').map((r) => path.resolve(r.trim()));
const signedInPaths = (process.env.OVERHEAD_PATHS || Paths.me).split(',').map((p) => p.trim());
const progress = (text: string) => process.stderr.write(`${text}\n`);
const load = () => loadavg()[0]!.toFixed(2);

/** `amount` requests at `connections` at once; the server's CPU (µs) per 2xx answer. */
async function measure(server: Running, url: string, token?: string): Promise<number> {
  const before = cpuMsOf(server.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, amount: requests, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
  });
  const cpu = cpuMsOf(server.pid) - before;
  if (result['2xx'] !== requests) throw new Error(`${url}: ${result['2xx']} of ${requests} answered 2xx`);
  return (cpu * 1000) / requests;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[]) => ((Math.max(...xs) - Math.min(...xs)) / median(xs)) * 100;

async function main() {
  const server = await openServer();
  const names = roots.map((_, i) => `bench_overhead_${process.pid}_${i}`);
  const apps: Array<{ root: string; app: Running; token: string }> = [];
  let reference: Running | undefined;
  try {
    for (const [i, root] of roots.entries()) {
      await createDatabase(server, names[i]!);
      progress(`starting the app of ${root}`);
      const app = await startApp(server.urlOf(names[i]!), progress, undefined, root);
      const [alice, bobby] = await Promise.all(
        ['alice01', 'bobby01'].map((name) => signIn(app.baseUrl, name)),
      );
      if (!alice || !bobby) throw new Error('alice01 or bobby01 could not sign in');
      const money = await loadTransfers({
        baseUrl: app.baseUrl,
        members: [alice, bobby],
        transactionPassword: DEMO_TRANSACTION_PASSWORD,
        connections: 2,
        seconds: 1,
      });
      // Without a transfer the reads would run on another workload (records without counterparties).
      if (money.perSecond === 0)
        throw new Error(`no transfer went through: ${JSON.stringify(money.failures)}`);
      apps.push({ root, app, token: alice.token });
    }
    reference = await startReference(server.urlOf(names[0]!));

    const figures = new Map<string, number[]>();
    const note = (key: string, value: number) => figures.set(key, [...(figures.get(key) ?? []), value]);
    const ref = reference;
    const targets = apps.flatMap(({ root, app, token }, i) => [
      {
        key: `${i}:health`,
        label: `${root} ${Paths.health}`,
        run: () => measure(app, app.baseUrl + Paths.health),
      },
      ...signedInPaths.map((read) => ({
        key: `${i}:${read}`,
        label: `${root} ${read}`,
        run: () => measure(app, app.baseUrl + read, token),
      })),
    ]);
    progress('warming up');
    await measure(ref, ref.baseUrl);
    for (const t of targets) await t.run();
    for (let round = 0; round < rounds; round++) {
      // Two checkouts: A B in even rounds, B A in odd ones (A B B A A B ...), the reference between.
      const order = round % 2 ? [...apps.keys()].reverse() : [...apps.keys()];
      note('ref', await measure(ref, ref.baseUrl));
      for (const i of order) {
        for (const t of targets.filter((x) => x.key.startsWith(`${i}:`))) note(t.key, await t.run());
      }
      progress(`round ${round + 1}/${rounds} done, load ${load()}`);
    }

    console.log(`overhead: ${requests} requests per measure, ${connections} connections, ${rounds} rounds`);
    console.log(
      `${'server CPU µs per request'.padEnd(64)} ${'median'.padStart(7)} ${'spread'.padStart(7)}  rounds`,
    );
    const row = (label: string, xs: number[]) =>
      console.log(
        `${label.padEnd(64)} ${median(xs).toFixed(0).padStart(7)} ${`${spread(xs).toFixed(1)}%`.padStart(7)}  ${xs.map((x) => x.toFixed(0)).join(' ')}`,
      );
    row('reference: SELECT 1', figures.get('ref')!);
    for (const t of targets) row(t.label, figures.get(t.key)!);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await reference?.stop();
    for (const { app } of apps) await app.stop();
    for (const name of names) await dropDatabase(server, name).catch(() => {});
    await server.stop();
  }
}

await main();
