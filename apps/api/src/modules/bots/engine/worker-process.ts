import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../worker.ts');
/** The worker's own stop is bounded (worker.ts); past this it is killed. */
const STOP_TIMEOUT_MS = 8000;

/**
 * Starts the bot worker as a child process of the API (what `npm start` runs), on the API's database: the
 * embedded PostgreSQL's URL is only known here. The child inherits the tsx loader through execArgv. If it
 * dies it is started again; `stop` ends it with SIGTERM and waits, so it gives its leases back. Should this
 * process die without stopping it (kill -9), the worker sees its IPC channel close and stops by itself.
 */
export function forkBotWorker(
  databaseUrl: string,
  log: { warn(obj: object, msg: string): void },
  options: {
    /** More settings for the worker: the chains it watches (the development chain's URL is known only here). */
    extraEnv?: Record<string, string>;
    /** Wait after the worker died before starting it again (BOT_WORKER_RESTART_MS). */
    restartAfterMs: number;
  },
) {
  const { extraEnv = {}, restartAfterMs } = options;
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    child = fork(workerPath, [], {
      // The worker watches this process and stops when it is gone (worker.ts).
      env: {
        ...process.env,
        ...extraEnv,
        DATABASE_URL: databaseUrl,
        BOT_WORKER_PARENT_PID: String(process.pid),
      },
    });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      log.warn({ code, signal }, 'bot worker exited; starting it again');
      setTimeout(() => {
        if (!stopping) start();
      }, restartAfterMs).unref();
    });
  };
  start();
  return {
    async stop(): Promise<void> {
      stopping = true;
      const running = child;
      if (!running) return;
      if (running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
        running.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
