import { sql } from 'kysely';
import type pg from 'pg';
import { createDb, type Db } from './database';
import { ensureDatabase, startEmbeddedPostgres } from './embedded';
import { migrateToLatest } from './migrate';
import { type PreparedStatements, SCHEMA_CHANNEL } from './prepared-statements';

export interface Connected {
  db: Db;
  /** The pool under `db`, for the metrics' pool gauges. */
  pool: pg.Pool;
  /** The pool's prepared statements, told when the schema may have changed (decision 76). */
  statements: PreparedStatements;
  /** Its connection string (pg-boss opens a pool of its own on the same database). */
  url: string;
  /** Closes the pool, then stops the embedded server if one was started. */
  close: () => Promise<void>;
  embedded: boolean;
}

/** DATABASE_URL when given; otherwise a real PostgreSQL started under DATA_DIR. Migrates either way. */
export async function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Distinct statements each pooled connection prepares (DB_PREPARED_STATEMENTS; 0: none). */
  preparedStatements?: number;
}): Promise<Connected> {
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const server = await startEmbeddedPostgres(options.dataDir);
    stopEmbedded = server.stop;
    try {
      await ensureDatabase(server.url('postgres'), 'platform');
    } catch (error) {
      await server.stop();
      throw error;
    }
    url = server.url('platform');
  }
  const { db, pool, statements } = createDb(url, 20, options.preparedStatements ?? 0);
  try {
    if ((await migrateToLatest(db)) > 0) {
      // Statements other processes (and this one, while migrating) prepared may be of the old schema.
      statements.schemaChanged();
      await sql`SELECT pg_notify(${SCHEMA_CHANNEL}, '')`.execute(db);
    }
  } catch (error) {
    // A start that fails here leaves nothing running behind it.
    await db.destroy();
    await stopEmbedded?.();
    throw error;
  }
  return {
    db,
    pool,
    statements,
    url,
    embedded: Boolean(stopEmbedded),
    close: async () => {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
