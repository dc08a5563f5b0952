/**
 * The two servers of `npm run bench:api`, each in a process of its own: the real app started as
 * `npm start` starts it (main.ts: migrations, demo data, the bot worker), and the bare reference.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Running {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

function stopper(child: ChildProcess, cleanup: () => void = () => {}) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        cleanup();
        resolve();
        return;
      }
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** Polls until the app says it is ready (a bench may poll; tests wait for signals). */
async function untilReady(baseUrl: string, child: ChildProcess, seconds: number): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app was not ready within ${seconds} s`);
}

/**
 * The app as `npm start` runs it (`node --import tsx apps/api/src/main.ts`), on a database of its own,
 * listening on 127.0.0.1, with limits raised so that the bench measures the work and not the limiter.
 */
export async function startApp(
  databaseUrl: string,
  log: (line: string) => void,
  /** A folder for V8's CPU profile of the app process (`--cpu-prof`), written when it stops. */
  cpuProfileDir?: string,
  /** The checkout whose app is started (another worktree's, to compare two versions in one run). */
  appRoot: string = root,
): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-data-'));
  const profile = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: appRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      // BENCH_LOG_LEVEL=info: as `npm start` logs (two lines per request), to see what logging costs.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The request log (pino's info lines, BENCH_LOG_LEVEL=info) is read and dropped; warnings are shown.
  createInterface({ input: child.stdout! }).on('line', (l) => {
    if (!l.startsWith('{"level":30')) log(`app: ${l}`);
  });
  createInterface({ input: child.stderr! }).on('line', (l) => log(`app: ${l}`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await untilReady(baseUrl, child, 180);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, stop };
}

/** The bare Fastify + pg reference (reference.ts), on the same PostgreSQL. */
export async function startReference(databaseUrl: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/api/reference.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reference exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child) };
}

/**
 * CPU time a process has used so far, in ms (user + system, /proc/<pid>/stat; Linux only, else NaN):
 * what a request costs the server itself, which holds still on a machine busy with other work where
 * requests per second do not.
 */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command's closing parenthesis.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
