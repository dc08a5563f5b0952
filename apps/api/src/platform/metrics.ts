import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Db } from '../db/database';
import { AppError } from './errors';
import { isLoopbackClient } from './loopback';
import { createProcessRegistry } from './metrics-registry';

/** Request latency buckets (seconds): an API call is expected in tens of milliseconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API process's metrics, in a registry of its own (one per app: tests build many apps in a process).
 * Prometheus scrapes each API instance's `/api/metrics` and each worker's own port (worker-metrics.ts):
 * a process reports what it did, and Prometheus sums over the instances.
 */
export function createApiMetrics(options: { db: Db; pool?: pg.Pool }) {
  const registry = createProcessRegistry(options.pool, 'API');
  const registers = [registry];
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class; its _count is the request rate',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const ledgerTransfers = new Counter({
    name: 'ledger_transfers_total',
    help: 'Ledger transfer rows written by this process (replays write none)',
    registers,
  });
  const jobErrors = new Counter({
    name: 'jobs_errors_total',
    help: 'Errors pg-boss reported in this process (its own work: fetching, maintenance)',
    registers,
  });
  new Gauge({
    name: 'jobs_failed_last_hour',
    help: 'pg-boss jobs that failed for good (retries spent) in the last hour, by queue; shared by all instances',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const { rows } = await sql<{ queue: string; n: number }>`
          SELECT name AS queue, count(*)::int AS n FROM pgboss.job
          WHERE state = 'failed' AND completed_on > now() - interval '1 hour' GROUP BY name`.execute(
          options.db,
        );
        for (const row of rows) this.set({ queue: row.queue }, row.n);
      } catch {
        // No pgboss schema yet (jobs not started on this database): nothing has failed.
      }
    },
  });
  return { registry, http, ledgerTransfers, jobErrors };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

/** 2xx, 4xx...: a label with five values, not one per status. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Who may read the metrics: with METRICS_TOKEN set, a caller presenting it as a bearer token (from
 * anywhere: Prometheus on another host); without it, only this machine itself. Production without a token
 * is therefore loopback only too. Anyone else is told the route does not exist.
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return isLoopbackClient(request);
}

/**
 * Times every request by its route pattern (`/api/bots/:id`, never the raw URL, so the label count stays
 * bounded and no id or query reaches the metrics) and serves the registry at `path`.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: ApiMetrics,
  options: { path: string; token: string | undefined },
): void {
  app.addHook('onResponse', async (request, reply) => {
    // Requests no route matched share one label: a scanner's URLs must not become series.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.http
      .labels(request.method, route, statusClass(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });
  app.get(
    options.path,
    {
      config: { access: 'public' },
      schema: { hide: true },
      onRequest: async (request) => {
        if (!metricsAllowed(request, options.token)) throw new AppError('NOT_FOUND', 'Not found');
      },
    },
    async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
