import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import type { BotEngine } from '../../apps/api/src/modules/bots/engine/bot-engine';
import { runTicks } from '../../apps/api/src/modules/bots/engine/tick-loop';
import { type PhaseResult, percentile } from '../ledger/measure';
import type { BenchFeed } from './feed';
import type { SentOrder } from './timed-venues';

export interface PhaseOptions {
  name: string;
  db: Db;
  engines: BotEngine[];
  feed: BenchFeed;
  /** The orders the venues saw sent since the last call. */
  drain: () => SentOrder[];
  /** The tick of the last price read before a time: the one an order recorded then was decided on. */
  tickOf: (at: number) => number | undefined;
  ticks: number;
  tickMs: number;
  /**
   * null: each engine runs one pass right after each tick (a worker woken by the feed); the pass returns
   * once its orders are recorded, their sends running on behind it, as in the worker. A number: each engine
   * runs its own loop with this idle interval (`runTicks`, as worker.ts does), the feed ticks on its own.
   */
  pollMs: number | null;
  connections: number;
  /** Step failures the engines logged, so far. */
  failures: () => number;
  log: { warn(obj: object, msg: string): void };
}

export interface PhaseOutcome {
  /** Tick to the pending order row's created_at (the recording transaction's start). */
  recorded: PhaseResult;
  /** Tick to the exchange being called (the row committed). */
  sent: PhaseResult;
  orders: Record<string, number>;
  /** Engine passes, and how long they took (push mode only). */
  passes: { count: number; p50: number; max: number; overran: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/**
 * `ticks` price ticks `tickMs` apart with the engines driving the fleet, then every order sent in that
 * window timed from the tick its bot reacted to: to its row's created_at and to the exchange call.
 */
export async function runPhase(o: PhaseOptions): Promise<PhaseOutcome> {
  o.drain();
  const failuresBefore = o.failures();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const passTimes: number[] = [];
  let overran = 0;
  if (o.pollMs === null) {
    for (let k = 0; k < o.ticks; k++) {
      const t0 = performance.now();
      o.feed.tick();
      // As the worker runs it: the pass returns once its orders are recorded; their sends run on.
      await Promise.all(o.engines.map((e) => e.pass()));
      const took = performance.now() - t0;
      passTimes.push(took);
      if (took >= o.tickMs) overran++;
      else if (k < o.ticks - 1) await sleep(o.tickMs - took);
    }
  } else {
    const pollMs = o.pollMs;
    // As worker.ts runs them: the next pass at once after one that stepped a bot, else `pollMs` apart.
    const loops = o.engines.map((e) =>
      runTicks({ tick: e.pass }, { intervalMs: pollMs, log: o.log, busy: (r) => r.stepped > 0 }),
    );
    for (let k = 0; k < o.ticks; k++) {
      o.feed.tick();
      await sleep(o.tickMs);
    }
    await Promise.all(loops.map((l) => l.stop()));
  }
  // The sends still queued behind the last pass belong to this window.
  await Promise.all(o.engines.map((e) => e.settled()));
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  const sent = o.drain();
  const rows = sent.length
    ? await o.db
        .selectFrom('bot_orders')
        .select(['client_order_id', 'created_at', 'kind'])
        .where('client_order_id', '=', sql<string>`ANY(${sql.val(sent.map((s) => s.clientOrderId))}::text[])`)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.client_order_id, r]));
  const orders: Record<string, number> = {};
  const recorded: number[] = [];
  const toSend: number[] = [];
  for (const s of sent) {
    const row = byId.get(s.clientOrderId);
    const tickAt = row && o.tickOf(row.created_at.getTime());
    if (!row || tickAt === undefined) continue;
    orders[row.kind] = (orders[row.kind] ?? 0) + 1;
    recorded.push(row.created_at.getTime() - tickAt);
    toSend.push(s.sentAt - tickAt);
  }
  const failed = o.failures() - failuresBefore;
  const common = {
    clients: o.connections,
    seconds: elapsed,
    ok: sent.length,
    tps: sent.length / elapsed,
    errors: (failed ? { step_failed: failed } : {}) as Record<string, number>,
    nodeCores: (cpu.user + cpu.system) / 1000 / (elapsed * 1000),
  };
  const sortedPasses = [...passTimes].sort((a, b) => a - b);
  return {
    recorded: { name: `${o.name}: tick -> order row`, ...common, latencyMs: latencies(recorded) },
    sent: {
      name: `${o.name}: tick -> order sent`,
      ...common,
      latencyMs: latencies(toSend),
    },
    orders,
    passes: {
      count: passTimes.length,
      p50: percentile(sortedPasses, 50),
      max: sortedPasses.length ? sortedPasses[sortedPasses.length - 1]! : Number.NaN,
      overran,
    },
  };
}
