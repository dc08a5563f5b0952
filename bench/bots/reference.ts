import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import { closedLoop, type PhaseResult } from '../ledger/measure';
import { pgbenchInit, pgbenchRun } from '../ledger/pgbench';

/**
 * What the database itself takes, measured on the bots' database in the same run: one committed
 * single-row INSERT (what recording an order costs at the least) through the same pool, one client; and
 * pgbench's select-only script (one primary-key lookup) with one client.
 */
export async function measureReference(
  db: Db,
  url: string,
  o: { seconds: number; warmupSeconds: number; pgbench: boolean },
): Promise<PhaseResult[]> {
  await sql`CREATE TABLE bench_reference (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(), note text NOT NULL)`.execute(db);
  const insert = await closedLoop({
    name: 'reference: one single-row INSERT (autocommit)',
    clients: 1,
    warmupSeconds: o.warmupSeconds,
    seconds: o.seconds,
    op: async () => {
      await sql`INSERT INTO bench_reference (note) VALUES ('x')`.execute(db);
    },
    codeOf: (e) => (e instanceof Error ? e.message.slice(0, 40) : 'error'),
  });
  if (!o.pgbench) return [insert];
  await pgbenchInit(url, 1);
  const select = await pgbenchRun(url, {
    clients: 1,
    threads: 1,
    warmupSeconds: o.warmupSeconds,
    seconds: o.seconds,
    scale: 1,
    builtin: 'select-only',
  });
  return [insert, { ...select, name: `reference: ${select.name}` }];
}
