import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DemoStaff } from '@app/api/demo-staff';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the e2e specs start their Binance mock exchange; the server's EXCHANGE_API_URLS points at it. */
    binanceMockPort: number;
    /** A staff member made by `npm run admin:create` before the start: no second factor yet. */
    newStaff: { username: string; password: string };
    /** The development chain's JSON-RPC URL (`Dev chain:` in the start banner): specs read balances there. */
    devChainUrl: string;
    /** Admins with an authenticator each (seed-staff-pool.ts): `logInStaff` takes one per login. */
    staffPool: DemoStaff[];
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the platform as `npm start` would (minus the build, which `npm test` did already): a fresh data
 * folder, so an embedded PostgreSQL of its own with the demo seed. DATABASE_URL is ignored on purpose:
 * the e2e run must not write its members into a shared database.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const binanceMockPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Each browser context sends its own X-Forwarded-For, so rate limits are per test, as per person.
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '40',
    // Members' exchange keys are tried on a local Binance mock that the key spec starts on this port.
    EXCHANGE_API_URLS: `binance=http://127.0.0.1:${binanceMockPort}`,
    // The development chain runs as under `npm start`, with shorter blocks: a test deposit's six
    // confirmations then take a few seconds, not twelve.
    DEV_CHAIN_BLOCK_MS: '500',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  // The first admin of a production platform comes from the command line and enrols at first login: the
  // staff spec walks that path with this one (the CLI starts and stops the same embedded database).
  const created = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/staff-cli.ts', 'create', 'firstadm1', 'firstadm1@e2e.test'],
    { cwd: root, env, encoding: 'utf8' },
  );
  const password = /Password \(shown once\): (\S+)/.exec(created)?.[1];
  if (!password) throw new Error(`admin:create printed no password:\n${created}`);
  // More logins than 32 specs' two sizes make go round again (and wait for a fresh time step then).
  const staffPool = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'e2e/src/seed-staff-pool.ts', '40'], {
      cwd: root,
      env,
      encoding: 'utf8',
    }),
  ) as DemoStaff[];
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: root, env });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('binanceMockPort', binanceMockPort);
  project.provide('newStaff', { username: 'firstadm1', password });
  project.provide('staffPool', staffPool);
  // The start banner follows the listen by a moment: wait for it (at most 30 s), not for a time.
  const deadline = Date.now() + 30_000;
  while (!/Dev chain: \S+/.test(output) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const devChainUrl = /Dev chain: (\S+)/.exec(output)?.[1];
  if (!devChainUrl) {
    child.kill('SIGTERM');
    throw new Error(`the server started no development chain:\n${output}`);
  }
  project.provide('devChainUrl', devChainUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
