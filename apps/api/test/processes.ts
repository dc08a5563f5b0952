import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { processInfo } from '../src/db/embedded';

/** Helpers of the tests (and benches) that start the real server as a process of its own. */

/** A port nobody listens on right now, for a server that takes its port from PORT. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls until `check` holds, at most `ms`: the processes under test act on their own time, not the test's,
 * and a file in /proc or an HTTP answer sends no signal to wait on.
 */
export async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** The bot worker a server process forked: its child running worker.ts. */
export function workerOf(serverPid: number | undefined): number | undefined {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = processInfo(pid);
    if (info && !info.zombie && info.ppid === serverPid && info.command.includes('worker.ts')) return pid;
  }
  return undefined;
}

/** The worker is forked just before the server listens: give it the time to appear. */
export async function findWorker(serverPid: number | undefined): Promise<number> {
  let found: number | undefined;
  await eventually(() => {
    found = workerOf(serverPid);
    return found !== undefined;
  }, 30_000);
  if (found === undefined) throw new Error(`no bot worker under the server (${serverPid})`);
  return found;
}
