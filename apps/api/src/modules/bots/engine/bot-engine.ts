import { type BotStepsOptions, createBotSteps } from './bot-steps';
import { createFleet } from './fleet';

export type { BotVenues } from './bot-steps';

/**
 * The bot engine: each tick, every bot this process can lease is brought up to date with its exchange and
 * then takes at most one step of its strategy. Its rules, in the order they protect the member:
 *
 * 1. Lease: a bot is driven by the holder of an unexpired lease (bots.lease_owner, lease_until) only. It is
 *    taken with one conditional UPDATE; an order row is written only in a transaction that locks the bot row
 *    and finds the lease still held (the fence), so an engine that stalled past its lease writes nothing.
 * 2. Intent before action: the order row is written `pending`, with a client order id derived from
 *    (bot, cycle, slot), before the exchange is called. A crash anywhere leaves either no row (nothing was
 *    sent) or a pending row.
 * 3. Reconcile first: every step starts by looking each pending or open row up on the exchange by its
 *    client order id. Found: the row takes the exchange's state. Not found and pending: it never arrived, and
 *    it is sent now with the same id (an exchange that did get it refuses or returns the duplicate).
 * 4. One order in flight: a bot decides only when none of its orders is working, so each decision sees the
 *    fills of the one before and no rule can fire twice.
 */

export interface BotEngineOptions extends Omit<BotStepsOptions, 'leaseMs' | 'now'> {
  leaseMs?: number;
  /** The engine's clock: leases, cooldowns and closing times are read from it (tests move it). */
  now?: () => Date;
  /** How many bots one tick drives at once. */
  concurrency?: number;
}

export function createBotEngine(options: BotEngineOptions) {
  const leaseMs = options.leaseMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const steps = createBotSteps({ ...options, leaseMs, now });
  const fleet = createFleet({
    db: options.db,
    owner: options.owner,
    leaseMs,
    concurrency: options.concurrency ?? 8,
    now,
    steps,
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    /**
     * One pass over every bot this engine holds or can take (fleet.ts): it decides and records the orders,
     * and returns while their sends (and the full steps of bots that need one) run on behind it.
     */
    pass: fleet.pass,
    /** Resolves once the work the passes queued is done. */
    settled: fleet.settled,
    /** A pass and the work it queued: what a test waits for. */
    tick: fleet.tick,
    /** One bot stepped on its own, outside the fleet's memory (which reads it again afterwards). */
    async runBot(botId: string, leased = false) {
      fleet.forget(botId);
      const result = await steps.runBot(botId, leased);
      fleet.forget(botId);
      return result;
    },
    /** Waits for the queued work, then gives every lease back. */
    async releaseAll() {
      await fleet.clear();
      await steps.releaseAll();
    },
    /** The single steps, for tests that stop between them as a crash would. */
    steps: { acquire: steps.acquire, record: steps.record, send: steps.send, reconcile: steps.reconcile },
  };
}

export type BotEngine = ReturnType<typeof createBotEngine>;
