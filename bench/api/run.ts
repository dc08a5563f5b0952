/**
 * `npm run bench:api`: signed-in reads and member transfers through the real app (started as `npm start`
 * starts it), each beside a bare Fastify + pg server answering `SELECT 1` from the same PostgreSQL in the
 * same run; transfers beside the argon2id ceiling measured in the same run. See bench/README.md.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Paths } from '@app/contracts';
import { DEMO_TRANSACTION_PASSWORD, demoMemberNames } from '../../apps/api/src/db/seed/demo';
import { createDatabase, dropDatabase, openServer, serverFacts } from '../ledger/postgres';
import { argon2Ceiling } from './argon2-ceiling';
import { type LoadResult, loadGet, loadTransfers, type Member, signIn } from './load';
import { cpuMsOf, startApp, startReference } from './processes';
import { statementListing } from './statements';
import { countTransactions } from './transactions';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const cfg = {
  seconds: intEnv('BENCH_SECONDS', 10),
  warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2),
  connections: intEnv('BENCH_CONNECTIONS', 50),
  /** BENCH_CPU_PROF=<dir>: the app runs with --cpu-prof into that folder (read it with profile-top.ts). */
  cpuProfileDir: process.env.BENCH_CPU_PROF || undefined,
  /** BENCH_READS=/api/me,...: only these reads. */
  reads: process.env.BENCH_READS?.split(',').map((p) => p.trim()),
  /** BENCH_TRANSFERS=0: no transfers and no argon2id ceiling (a quicker look at the reads). */
  transfers: process.env.BENCH_TRANSFERS !== '0',
  /** Seconds without load over which the app's background transactions are counted (transactions.ts). */
  idleSeconds: intEnv('BENCH_IDLE_SECONDS', 15),
  /** BENCH_PG_STATEMENTS=1: each app workload's top statements from pg_stat_statements (statements.ts). */
  statements: process.env.BENCH_PG_STATEMENTS === '1',
  /** BENCH_APP_ROOT=<checkout>: start that checkout's app (a worktree of the base, for a before/after). */
  appRoot: process.env.BENCH_APP_ROOT || undefined,
};
const READS = [Paths.me, Paths.wallet, Paths.walletRecords, Paths.bots, Paths.notifications];
const progress = (text: string) => process.stderr.write(`${text}\n`);

/** The demo's members who sign in with the demo password (the seed's own list, through the API). */
async function demoMembers(baseUrl: string, usernames: string[]): Promise<Member[]> {
  const members: Member[] = [];
  for (const username of usernames) {
    const member = await signIn(baseUrl, username);
    if (member) members.push(member);
  }
  return members;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

function report(rows: Array<{ result: LoadResult; reference: number; ratioLabel: string }>) {
  const lines = [
    `${'workload'.padEnd(36)} ${'per sec'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ref/s'.padStart(9)} ${'ratio'.padStart(7)} ${'db tx'.padStart(6)} ${'cpu ms'.padStart(6)}  not 2xx`,
  ];
  for (const { result, reference, ratioLabel } of rows) {
    const failures = Object.entries(result.failures)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    lines.push(
      `${result.name.padEnd(36)} ${fmt(result.perSecond, 1)} ${fmt(result.p50, 1)} ${fmt(result.p99, 1)} ${fmt(reference, 1)} ${(result.perSecond / reference).toFixed(2).padStart(7)}${ratioLabel}${(result.transactionsPerRequest?.toFixed(1) ?? '').padStart(6)} ${(result.cpuMsPerRequest?.toFixed(3) ?? '').padStart(6)}  ${failures || '-'}`,
    );
  }
  return lines.join('\n');
}

/**
 * Member transfers through HTTP, then the argon2id ceiling over the same window. The app's CPU per transfer
 * (argon2's threads included) is the figure that bounds the ratio on two cores (decisions section 78).
 */
async function measureMoney(baseUrl: string, members: Member[], pid: number) {
  progress('measuring transfers');
  const options = {
    baseUrl,
    members,
    transactionPassword: DEMO_TRANSACTION_PASSWORD,
    connections: cfg.connections,
  };
  await loadTransfers({ ...options, seconds: cfg.warmupSeconds });
  const cpuBefore = cpuMsOf(pid);
  const result = await loadTransfers({ ...options, seconds: cfg.seconds });
  const cpuMsPerRequest = (cpuMsOf(pid) - cpuBefore) / (result.perSecond * cfg.seconds);
  progress('measuring the argon2id ceiling');
  return { transfers: { ...result, cpuMsPerRequest }, ceiling: await argon2Ceiling(cfg.seconds) };
}

async function main() {
  const server = await openServer();
  const dbName = `bench_api_${process.pid}`;
  await createDatabase(server, dbName);
  const url = server.urlOf(dbName);
  const facts = await serverFacts(url);
  const loadBefore = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  progress(`PostgreSQL ${facts.version} (${server.source}); starting the app and the reference`);
  const app = await startApp(url, progress, cfg.cpuProfileDir, cfg.appRoot);
  const reference = await startReference(url);
  try {
    const members = await demoMembers(app.baseUrl, demoMemberNames);
    if (members.length < 2) throw new Error('fewer than two demo members could sign in');
    const alice = members.find((m) => m.username === 'alice01') ?? members[0]!;

    // Production serves money requests between its reads, and a money request can leave the process in a
    // state that slows every later request (decision 104: AsyncLocalStorage turned V8's promise hooks on for
    // good). So the reads are measured after a few transfers, not on an app that has never moved money.
    progress('a second of transfers before the reads');
    await loadTransfers({
      baseUrl: app.baseUrl,
      members,
      transactionPassword: DEMO_TRANSACTION_PASSWORD,
      connections: 2,
      seconds: 1,
    });
    progress(`counting the app's background transactions over ${cfg.idleSeconds} s without load`);
    const transactions = await countTransactions({
      adminUrl: server.adminUrl,
      dbName,
      idleSeconds: cfg.idleSeconds,
    });
    // The warm-up and the measured window are one stretch of load for the transaction count (both serve
    // the same requests), so one wait for the counter to settle closes it (transactions.ts).
    const statements = cfg.statements ? await statementListing(url, progress) : null;
    const statementLines: string[] = [];
    const measure = async (name: string, target: string, pid: number, token?: string) => {
      const load = { name, url: target, token, connections: cfg.connections };
      const listed = statements !== null && pid === app.pid;
      if (listed) await statements.reset();
      const warmup = await loadGet({ ...load, seconds: cfg.warmupSeconds });
      progress(`measuring ${name}`);
      const cpuBefore = cpuMsOf(pid);
      const result = await loadGet({ ...load, seconds: cfg.seconds });
      const cpu = cpuMsOf(pid) - cpuBefore;
      const served = warmup.perSecond * cfg.warmupSeconds + result.perSecond * cfg.seconds;
      const count = result.perSecond * cfg.seconds;
      if (listed) statementLines.push(name, ...(await statements.top(served)));
      return {
        ...result,
        transactionsPerRequest: (await transactions.sinceLast()) / served,
        backgroundPerRequest: (transactions.backgroundPerSecond * cfg.seconds) / count,
        cpuMsPerRequest: cpu / count,
      };
    };
    const refBefore = await measure('reference: SELECT 1 (before)', reference.baseUrl, reference.pid);
    const reads: Array<Awaited<ReturnType<typeof measure>>> = [];
    for (const path of cfg.reads ?? READS)
      reads.push(await measure(`GET ${path}`, `${app.baseUrl}${path}`, app.pid, alice.token));
    const health = await measure(
      `GET ${Paths.health} (no session)`,
      `${app.baseUrl}${Paths.health}`,
      app.pid,
    );
    const refAfter = await measure('reference: SELECT 1 (after)', reference.baseUrl, reference.pid);
    const refPerSecond = (refBefore.perSecond + refAfter.perSecond) / 2;

    const money = cfg.transfers ? await measureMoney(app.baseUrl, members, app.pid) : null;

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `bench:api: ${availableParallelism()} cores (${cpu}), PostgreSQL ${facts.version}, load before ${loadBefore}`,
    );
    console.log(
      `${cfg.connections} connections, ${cfg.seconds} s measured after ${cfg.warmupSeconds} s warm-up; ${members.length} demo members sign in`,
    );
    console.log('');
    console.log(
      report([
        { result: refBefore, reference: refPerSecond, ratioLabel: ' ' },
        ...reads.map((result) => ({ result, reference: refPerSecond, ratioLabel: ' ' })),
        { result: health, reference: refPerSecond, ratioLabel: ' ' },
        { result: refAfter, reference: refPerSecond, ratioLabel: ' ' },
        ...(money ? [{ result: money.transfers, reference: money.ceiling.perSecond, ratioLabel: '*' }] : []),
      ]),
    );
    console.log('');
    console.log(
      "ref/s: the reference's mean of before and after; db tx: database transactions per request; cpu ms: the server process's CPU per request",
    );
    const slowest = Math.max(...[...reads, health].map((r) => r.backgroundPerRequest));
    console.log(
      `db tx less the app's background, ${transactions.backgroundPerSecond.toFixed(1)} tx/s without load (at most ${slowest.toFixed(3)} per request of any app read)`,
    );
    if (money) {
      console.log(
        `* transfers beside the argon2id ceiling: ${money.ceiling.perSecond.toFixed(1)} verifications/s with ${money.ceiling.inFlight} in flight`,
      );
    }
    if (statementLines.length > 0) {
      console.log('');
      console.log("the bench database's top statements by execution time, per workload (warm-up included):");
      console.log('   calls a request, mean execution, total, statement');
      for (const line of statementLines) console.log(line);
    }
    console.log(
      'aims (issue 22): reads >= 0.50 of the reference with p99 < 25 ms; transfers >= 0.80 of the ceiling',
    );
  } finally {
    await app.stop();
    await reference.stop();
    await dropDatabase(server, dbName).catch(() => {});
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
