import type { TReadiness } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';
import { HEARTBEAT_STALE_SECONDS, secondsSinceLastBeat } from '../../platform/heartbeat';

export interface CheckResult {
  ok: boolean;
  /** What is wrong, for the operator: names and ages, never a connection string or an error's internals. */
  detail?: string;
}

/**
 * A readiness check: `name` is its key in the answer. The extension point for what comes later (chain
 * watchers: one check per chain, reading the watcher's heartbeat the same way as the bot worker's) is the
 * `extra` list of `createReadiness`.
 */
export interface ReadinessCheck {
  name: string;
  run(): Promise<CheckResult>;
}

export function createReadiness(options: { db: Db; extra?: ReadinessCheck[] }) {
  const { db } = options;
  const database: ReadinessCheck = {
    name: 'database',
    run: async () => {
      await sql`SELECT 1`.execute(db);
      return { ok: true };
    },
  };
  const migrations: ReadinessCheck = {
    name: 'migrations',
    run: async () => {
      const pending = await pendingMigrations(db);
      return pending.length === 0 ? { ok: true } : { ok: false, detail: `pending: ${pending.join(', ')}` };
    },
  };
  const botWorker: ReadinessCheck = {
    name: 'botWorker',
    run: async () => {
      const age = await secondsSinceLastBeat(db, 'bot_worker');
      if (age === null) return { ok: false, detail: 'no bot worker has reported a heartbeat' };
      if (age > HEARTBEAT_STALE_SECONDS) {
        return { ok: false, detail: `last bot worker heartbeat ${Math.round(age)} s ago` };
      }
      return { ok: true };
    },
  };
  const checks = [database, migrations, botWorker, ...(options.extra ?? [])];
  return {
    async check(): Promise<TReadiness> {
      const results = await Promise.all(
        checks.map(async (c): Promise<[string, CheckResult]> => {
          try {
            return [c.name, await c.run()];
          } catch {
            // The error's own text may carry a host or a user name: the check's name says enough.
            return [c.name, { ok: false, detail: 'check failed (database unreachable?)' }];
          }
        }),
      );
      const ready = results.every(([, r]) => r.ok);
      return { status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
