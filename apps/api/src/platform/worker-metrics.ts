import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { Counter, Histogram } from 'prom-client';
import { createProcessRegistry } from './metrics-registry';

/**
 * The bot worker's metrics. The worker answers no HTTP of the platform; with WORKER_METRICS_PORT set it
 * serves this registry at http://127.0.0.1:<port>/metrics, loopback only, and Prometheus (or its agent on
 * the same host) scrapes each worker like each API instance (decisions, section 48).
 */
export function createWorkerMetrics(options: { pool?: pg.Pool }) {
  const registry = createProcessRegistry(options.pool, 'worker');
  const registers = [registry];
  const passes = new Counter({
    name: 'bot_passes_total',
    help: 'Bot engine passes by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const passDuration = new Histogram({
    name: 'bot_pass_duration_seconds',
    help: 'How long a bot engine pass took (deciding and recording; sends run behind it)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const orderLatency = new Histogram({
    name: 'bot_order_place_duration_seconds',
    help: 'Time for an exchange to answer a bot order, by exchange and outcome (placed, rejected, failed)',
    labelNames: ['exchange', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  return {
    registry,
    /** Wraps a pass: counted and timed, its result or error passed on. */
    async timePass<T>(pass: () => Promise<T>): Promise<T> {
      const end = passDuration.startTimer();
      try {
        const result = await pass();
        passes.inc({ outcome: 'ok' });
        return result;
      } catch (error) {
        passes.inc({ outcome: 'failed' });
        throw error;
      } finally {
        end();
      }
    },
    orderSent(exchange: string, outcome: 'placed' | 'rejected' | 'failed', seconds: number): void {
      orderLatency.observe({ exchange, outcome }, seconds);
    },
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

/** Serves the registry on loopback only: GET /metrics, everything else 404. */
export async function serveWorkerMetrics(metrics: WorkerMetrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
