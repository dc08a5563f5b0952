import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { eventually } from '../processes';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The real server (`apps/api/src/main.ts`, which forks its bot worker) as a child process that the fault
 * suite kills with SIGKILL and starts again on the same port and data folder, as a supervisor would.
 */
export class ServerProcess {
  child: ChildProcess | undefined;
  private output = '';
  /** Set while the suite itself kills the process, so an exit it did not cause can be told apart. */
  private killing = false;
  unexpectedExits: string[] = [];
  /** Told at once of an exit the suite did not cause, so the clients stop waiting for a dead server. */
  onUnexpectedExit: (reason: string) => void = () => {};
  readonly base: string;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly port: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last part of the server's (and its worker's) output, for failure messages. */
  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }

  start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port) },
    });
    child.stdout?.on('data', (d) => (this.output += d));
    child.stderr?.on('data', (d) => (this.output += d));
    child.once('exit', (code, signal) => {
      if (this.killing) return;
      this.unexpectedExits.push(`exit ${code ?? signal}`);
      this.onUnexpectedExit(`server exited by itself (${code ?? signal}):\n${this.tail()}`);
    });
    this.child = child;
    this.killing = false;
  }

  /** Resolves once `route` answers 200; throws after `ms`, with the last answer and the server's output. */
  private async answers(route: string, ms: number): Promise<void> {
    const child = this.child;
    let last = 'no answer';
    const ok = await eventually(async () => {
      if (child?.exitCode !== null) throw new Error(`server exited while starting:\n${this.tail()}`);
      try {
        const reply = await fetch(`${this.base}${route}`);
        last = `${reply.status} ${await reply.text()}`;
        return reply.status === 200;
      } catch {
        return false; // not listening yet
      }
    }, ms);
    if (!ok) throw new Error(`${route} not 200 within ${ms} ms (last: ${last}):\n${this.tail()}`);
  }

  /** Serving requests: /api/health (the database answers). */
  serving(ms: number): Promise<void> {
    return this.answers('/api/health', ms);
  }

  /** Ready in full: /api/ready (database, migrations, and a bot worker beating). */
  ready(ms: number): Promise<void> {
    return this.answers('/api/ready', ms);
  }

  /** kill -9: no graceful stop, requests in flight die with it (its worker then ends by itself). */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.killing = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM and wait: the graceful stop at the end of the suite. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.killing = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}
