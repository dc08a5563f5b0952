import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { namePreparedStatements, type PreparedStatements } from './prepared-statements';
import type { Database } from './schema';

// bigint (int8) stays a string: ids are opaque and amounts must never pass through a float.
// numeric likewise. Callers that do arithmetic convert with BigInt() at the boundary.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
// A DATE is a calendar day, not an instant: pg's default makes it a Date at the process's local midnight,
// which shifts the day in any zone west of UTC. It stays the 'YYYY-MM-DD' text schema.ts declares.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<Database>;

/** `preparedStatements`: distinct statements each connection prepares (0: none; prepared-statements.ts). */
export function createDb(
  connectionString: string,
  max = 10,
  preparedStatements = 0,
): { db: Db; pool: pg.Pool; statements: PreparedStatements } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server ends (a restart, pg_terminate_backend, the embedded server stopping just
  // after the pool's goodbye) is dropped by the pool and replaced on the next query. Without a listener
  // that 'error' would be thrown and end the whole process.
  pool.on('error', () => {});
  // A connection checked out and idle between two statements (a transaction whose code awaits something
  // else) has no listener of the pool's: the server ending it (pg_terminate_backend, a restart) would emit
  // an 'error' nobody hears, and Node would end the process. Heard here, the statement in flight or the
  // next one fails instead (its request answers an error, the transaction rolls back), and the pool drops
  // the dead connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const statements = namePreparedStatements(pool, preparedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, statements };
}
