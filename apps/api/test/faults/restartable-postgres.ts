import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type EmbeddedServer,
  ensureDatabase,
  processInfo,
  startEmbeddedPostgres,
} from '../../src/db/embedded';
import { eventually } from '../processes';

/**
 * A PostgreSQL of the suite's own (the embedded one `npm start` uses), so it can be restarted with an
 * immediate shutdown, as a crash or `pg_ctl restart -m immediate` does, without touching the PostgreSQL
 * other tests share. It comes back on the same port: the platform's pools reconnect to the URL they have.
 */
export class RestartablePostgres {
  private server: EmbeddedServer | undefined;
  private readonly dir: string;
  private port = 0;

  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'faults-pg-'));
    chmodSync(this.dir, 0o755); // the server runs as the postgres user when the suite runs as root
  }

  /** Starts it and makes `database`; returns the admin URL and the database's URL. */
  async start(database: string): Promise<{ adminUrl: string; url: string }> {
    this.server = await startEmbeddedPostgres(this.dir);
    this.port = Number(new URL(this.server.url('postgres')).port);
    const adminUrl = this.server.url('postgres');
    await ensureDatabase(adminUrl, database);
    return { adminUrl, url: this.server.url(database) };
  }

  /** SIGQUIT to the postmaster (immediate shutdown: no checkpoint, crash recovery at the next start). */
  async restartImmediate(): Promise<number> {
    const old = this.server!;
    const stoppedAt = Date.now();
    process.kill(old.pid, 'SIGQUIT');
    const gone = await eventually(() => {
      const info = processInfo(old.pid);
      return info === null || info.zombie;
    }, 30_000);
    if (!gone) throw new Error(`PostgreSQL ${old.pid} did not stop on SIGQUIT`);
    this.server = await startEmbeddedPostgres(this.dir, { port: this.port });
    return Date.now() - stoppedAt;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
