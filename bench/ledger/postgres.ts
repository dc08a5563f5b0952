import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServer {
  /** A URL of the server's maintenance database, for CREATE and DROP DATABASE. */
  adminUrl: string;
  /** Where the server came from, for the report. */
  source: string;
  /** The same server, another database. */
  urlOf: (database: string) => string;
  /** Stops the embedded server (and removes its folder) when this run started one. */
  stop: () => Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Passwords never reach the report. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * DATABASE_URL when set; else the local PostgreSQL on 5432 (trust auth) when it answers; else an embedded
 * PostgreSQL under a temporary folder, removed at the end (BENCH_EMBEDDED=1 skips the local server).
 */
export async function openServer(): Promise<BenchServer> {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    return {
      adminUrl: configured,
      source: `DATABASE_URL (${redact(configured)})`,
      urlOf: (db) => withDatabase(configured, db),
      stop: async () => {},
    };
  }
  if (process.env.BENCH_EMBEDDED !== '1' && (await reachable(LOCAL_URL))) {
    return {
      adminUrl: LOCAL_URL,
      source: 'local server at 127.0.0.1:5432',
      urlOf: (db) => withDatabase(LOCAL_URL, db),
      stop: async () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ledger-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as the postgres user
  const server = await startEmbeddedPostgres(dir);
  return {
    adminUrl: server.url('postgres'),
    source: 'embedded PostgreSQL started for this run',
    urlOf: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '')}"`;

export const createDatabase = (server: BenchServer, name: string) =>
  adminQuery(server.adminUrl, `CREATE DATABASE ${quoted(name)}`);

export const dropDatabase = (server: BenchServer, name: string) =>
  adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);

export interface ServerFacts {
  version: string;
  versionLine: string;
  settings: Record<string, string>;
}

export async function serverFacts(url: string): Promise<ServerFacts> {
  const [v] = await adminQuery<{ server_version: string; version: string }>(
    url,
    `SELECT current_setting('server_version') AS server_version, version() AS version`,
  );
  const rows = await adminQuery<{ name: string; setting: string; unit: string | null }>(
    url,
    `SELECT name, setting, unit FROM pg_settings WHERE name IN
       ('max_connections', 'shared_buffers', 'synchronous_commit', 'fsync', 'commit_delay', 'wal_level')
     ORDER BY name`,
  );
  const settings: Record<string, string> = {};
  for (const r of rows) {
    settings[r.name] =
      r.name === 'shared_buffers' && r.unit === '8kB'
        ? `${Math.round((Number(r.setting) * 8) / 1024)}MB`
        : r.setting;
  }
  return { version: v!.server_version, versionLine: v!.version, settings };
}

/** Sessions of other databases doing something right now: other people's load on a shared server. */
export async function othersActive(url: string, ours: string[]): Promise<number> {
  const [row] = await adminQuery<{ n: number }>(
    url,
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE state = 'active' AND pid <> pg_backend_pid()
       AND datname IS NOT NULL AND NOT (datname = ANY($1::text[]))`,
    [ours],
  );
  return row!.n;
}

/** Writes dirty pages out before a phase, so no phase pays for the previous one's checkpoint. */
export async function checkpoint(url: string): Promise<void> {
  await adminQuery(url, 'CHECKPOINT').catch(() => {});
}
