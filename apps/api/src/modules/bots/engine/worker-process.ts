import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../worker.ts');
const RESTART_AFTER_MS = 5000;

/**
 * Starts the bot worker as a child process of the API (what `npm start` runs), on the API's database: the
 * embedded PostgreSQL's URL is only known here. The child inherits the tsx loader through execArgv. If it
 * dies it is started again; `stop` ends it with SIGTERM and waits, so it gives its leases back.
 */
export function forkBotWorker(databaseUrl: string, log: { warn(obj: object, msg: string): void }) {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    child = fork(workerPath, [], { env: { ...process.env, DATABASE_URL: databaseUrl } });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      log.warn({ code, signal }, 'bot worker exited; starting it again');
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_AFTER_MS).unref();
    });
  };
  start();
  return {
    async stop(): Promise<void> {
      stopping = true;
      const running = child;
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}
