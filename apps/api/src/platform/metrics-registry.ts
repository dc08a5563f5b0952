import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * A process's own registry (never prom-client's global one: tests build many apps in one process), with
 * Node's default metrics and, when given, its PostgreSQL pool read at scrape: total, idle and waiting
 * (clients queued for a connection). The API and the worker each start from one.
 */
export function createProcessRegistry(pool: pg.Pool | undefined, whose: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: `The ${whose}'s PostgreSQL pool: total, idle and waiting (clients queued for a connection)`,
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return registry;
}
