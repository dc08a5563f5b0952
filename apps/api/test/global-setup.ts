import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrateToLatest } from '../src/db/migrate';
import { loadRsaKeyPair } from '../src/platform/keys';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
    keysDir: string;
  }
}

/**
 * One real PostgreSQL for the whole run: DATABASE_URL's server when set, else an embedded one in a
 * temporary folder. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  chmodSync(workDir, 0o755); // the embedded server may run as the postgres user
  let adminUrl: string;
  let stop: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const server = await startEmbeddedPostgres(workDir);
    adminUrl = server.url('postgres');
    stop = server.stop;
  }
  const templateDb = `tmpl_${process.pid}_${Date.now()}`;
  await ensureDatabase(adminUrl, templateDb);
  const url = new URL(adminUrl);
  url.pathname = `/${templateDb}`;
  const { db } = createDb(url.toString(), 2);
  await migrateToLatest(db);
  await db.destroy();

  const keysDir = path.join(workDir, 'keys');
  loadRsaKeyPair(keysDir); // made once: 3072-bit generation is slow enough to matter per file

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('keysDir', keysDir);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const dbs = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 't\\_${process.pid}\\_%' OR datname = $1`,
      [templateDb],
    );
    for (const { datname } of dbs.rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
    await stop?.();
    rmSync(workDir, { recursive: true, force: true });
  };
}
