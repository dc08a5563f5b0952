/**
 * `npm run bench:ledger`: transfers per second through the ledger service and through the HTTP API,
 * beside pgbench's tpcb-like workload on the same PostgreSQL in the same run. See bench/README.md.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { createLedgerService } from '../../apps/api/src/modules/ledger/ledger.service';
import { type ApiOutcome, measureApi } from './api';
import type { PhaseResult } from './measure';
import { pgbenchInit, pgbenchRun, pgbenchVersion } from './pgbench';
import { checkpoint, createDatabase, dropDatabase, openServer, othersActive, serverFacts } from './postgres';
import { ratio, table } from './report';
import { serviceTransfers } from './service';
import { benchCurrency, makeFundedMembers } from './setup';

function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

const cfg = {
  seconds: intEnv('BENCH_SECONDS', 10),
  warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2, 0),
  clients: intEnv('BENCH_CONCURRENCY', 32),
  members: intEnv('BENCH_MEMBERS', 1000, 2),
  hotMembers: intEnv('BENCH_HOT_MEMBERS', 10, 2),
  scale: intEnv('BENCH_PGBENCH_SCALE', 10),
  pgbenchThreads: intEnv('BENCH_PGBENCH_THREADS', 2),
  /** Which workloads run, for a quicker look at one of them. */
  phases: new Set((process.env.BENCH_PHASES ?? 'pgbench,service,hot,api').split(',').map((p) => p.trim())),
};
for (const p of cfg.phases) {
  if (!['pgbench', 'service', 'hot', 'api'].includes(p))
    throw new Error(`unknown phase ${p} in BENCH_PHASES`);
}

/** 1,000,000 USDT (6 decimals) per member: no random transfer of at most 1 USDT runs out. */
const FUNDING = 1_000_000n * 1_000_000n;

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(
    `[bench:ledger ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${text}\n`,
  );

let aborted = false;
process.on('SIGINT', () => {
  if (aborted) process.exit(130);
  aborted = true;
  progress('interrupted: stopping the current phase and cleaning up (Ctrl-C again to quit at once)');
});

async function main(): Promise<void> {
  const server = await openServer();
  const ledgerDb = `bench_ledger_${process.pid}`;
  const pgbenchDb = `bench_pgbench_${process.pid}`;
  const created: string[] = [];
  let pool: ReturnType<typeof createDb> | undefined;
  try {
    const facts = await serverFacts(server.adminUrl);
    progress(`PostgreSQL ${facts.version}, ${server.source}`);
    const busy = await othersActive(server.adminUrl, []);
    const loadBefore = loadavg()[0]!;

    for (const name of [ledgerDb, pgbenchDb]) {
      await createDatabase(server, name);
      created.push(name);
    }
    const ledgerUrl = server.urlOf(ledgerDb);
    const pgbenchUrl = server.urlOf(pgbenchDb);

    progress(`migrating ${ledgerDb}, making ${cfg.members} funded members`);
    pool = createDb(ledgerUrl, cfg.clients);
    const { db } = pool;
    await migrateToLatest(db);
    const ledger = createLedgerService({ db, groupBatches: intEnv('BENCH_GROUP_BATCHES', 2) });
    const currency = await benchCurrency(db);
    const members = await makeFundedMembers(db, ledger, currency, cfg.members, FUNDING);

    const pgbenchVersionLine = await pgbenchVersion();
    if (cfg.phases.has('pgbench')) {
      progress(`pgbench -i -s ${cfg.scale} on ${pgbenchDb}`);
      await pgbenchInit(pgbenchUrl, cfg.scale);
    }

    const results: PhaseResult[] = [];
    const phase = async (key: string, label: string, work: () => Promise<PhaseResult>) => {
      if (aborted || !cfg.phases.has(key)) return undefined;
      await checkpoint(server.adminUrl);
      progress(`${label}: ${cfg.warmupSeconds} s warm-up + ${cfg.seconds} s measured`);
      const r = await work();
      results.push(r);
      progress(`${label}: ${r.tps.toFixed(1)} per second`);
      return r;
    };
    const timing = {
      clients: cfg.clients,
      warmupSeconds: cfg.warmupSeconds,
      seconds: cfg.seconds,
      aborted: () => aborted,
    };

    const pgbench = await phase('pgbench', 'pgbench tpcb-like', () =>
      pgbenchRun(pgbenchUrl, { ...timing, threads: cfg.pgbenchThreads, scale: cfg.scale }),
    );
    const service = await phase('service', 'ledger service', () =>
      serviceTransfers(ledger, {
        ...timing,
        name: `ledger service, ${cfg.members} members`,
        members,
        currency,
      }),
    );
    await phase('hot', 'ledger service, hot set', () =>
      serviceTransfers(ledger, {
        ...timing,
        name: `ledger service, hot set of ${cfg.hotMembers}`,
        members: members.slice(0, cfg.hotMembers),
        currency,
      }),
    );

    let api: ApiOutcome = { measured: false, reason: 'not in BENCH_PHASES' };
    if (cfg.phases.has('api') && !aborted) {
      await checkpoint(server.adminUrl);
      api = await measureApi({ ...timing, url: ledgerUrl, db, members, currency, progress });
      if (api.measured) results.push(api.result);
    }

    progress('auditing the books');
    const audit = await ledger.audit();
    const balanced = audit.unbalanced.length === 0 && audit.mismatchedAccounts.length === 0;
    const busyAfter = await othersActive(server.adminUrl, created);

    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    const lines = [
      '',
      `Ledger benchmark, ${new Date().toISOString()}`,
      `  machine     ${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}-${process.arch}`,
      `  PostgreSQL  ${facts.version}: ${server.source}`,
      `              ${Object.entries(facts.settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
      `  pgbench     ${pgbenchVersionLine}; scale ${cfg.scale} (${(cfg.scale * 100_000).toLocaleString('en-US')} accounts, ${cfg.scale} branches)`,
      `  durations   ${cfg.warmupSeconds} s warm-up (not counted) + ${cfg.seconds} s measured per workload`,
      `  concurrency ${cfg.clients} clients/connections per workload; ledger pool ${cfg.clients} connections`,
      `  ledger      ${currency}, ${cfg.members} funded members (funds wallet), hot set ${cfg.hotMembers}; one transfer per ledger.transfer() call`,
      `  other load  host load average ${loadBefore.toFixed(2)} (1 min) before the run; ${busy} active sessions of other databases at the start, ${busyAfter} at the end`,
      '',
      table(results),
      '',
      `  service / pgbench = ${ratio(service?.tps, pgbench?.tps)}   (aim: 1.00 or more)`,
      `  API / pgbench     = ${api.measured ? ratio(api.result.tps, pgbench?.tps) : 'n/a'}   (aim: 0.50 or more)`,
      api.measured ? `  API: ${api.detail}` : `  API: not measured (${api.reason})`,
      `  books after the run: ${balanced ? 'balanced (every currency sums to zero, totals match transfers)' : `NOT BALANCED ${JSON.stringify(audit)}`}`,
      aborted ? '  (interrupted: figures are partial)' : '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!balanced) process.exitCode = 1;
  } finally {
    // pg's pool.end() resolves before the backends have gone; DROP ... WITH (FORCE) may then end them,
    // which an idle client reports as an error event: expected here.
    pool?.pool.on('error', () => {});
    await pool?.db.destroy().catch(() => {});
    for (const name of created) {
      await dropDatabase(server, name).catch((e) => progress(`could not drop ${name}: ${String(e)}`));
    }
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
