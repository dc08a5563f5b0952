import { sql } from 'kysely';
import { createDb } from '../src/db/database';
import type { BotVenues } from '../src/modules/bots/engine/bot-engine';
import { createBotEngine } from '../src/modules/bots/engine/bot-engine';
import { runTicks } from '../src/modules/bots/engine/tick-loop';
import type { Connector } from '../src/modules/exchanges/connector';
import { createPaperConnector } from '../src/modules/exchanges/paper/paper-exchange';
import { createNotificationService } from '../src/modules/notifications/notifications.service';
import { createLiveEvents } from '../src/platform/live-events';
import { pricePathMarket } from './bot-fixtures';

/**
 * A bot worker for tests that kill one (worker-kill.test.ts): the real engine and tick loop, as worker.ts
 * runs them, on the paper exchange, in a process of its own. It differs from worker.ts in two ways only:
 *
 * - The price comes from the test database's `test_prices` table (the parent's in-memory price path is not
 *   shared with a child process), read once per connector, i.e. once per step.
 * - HOLD=before:N or HOLD=after:N makes this process's Nth order stop for good just before it is sent, or
 *   just after the exchange took it, and tell the parent (IPC { held, clientOrderId }): the window in which
 *   the parent kills it, deterministically, however slow the machine.
 *
 * Env: DATABASE_URL, ENGINE_OWNER, LEASE_MS, HOLD (optional).
 */

const url = process.env.DATABASE_URL!;
const [holdWhen, holdAt] = (process.env.HOLD ?? '').split(':');
const { db } = createDb(url, 5);
const notifications = createNotificationService({ db, live: createLiveEvents({ databaseUrl: url }) });

let sends = 0;
const never = () => new Promise<never>(() => {});
const held = async (when: string, clientOrderId: string) => {
  process.send?.({ held: when, clientOrderId });
  return never();
};

async function pricedMarket() {
  const { rows } = await sql<{
    symbol: string;
    price: string;
  }>`SELECT symbol, price FROM test_prices`.execute(db);
  return pricePathMarket(Object.fromEntries(rows.map((r) => [r.symbol, r.price]))).market;
}

const venues: BotVenues = {
  async connectorFor(memberId) {
    const paper = createPaperConnector({ db, market: await pricedMarket(), memberId });
    const connector: Connector = {
      ...paper,
      async placeOrder(request) {
        sends++;
        const holding = holdWhen !== undefined && Number(holdAt) === sends;
        if (holding && holdWhen === 'before') return held('before', request.clientOrderId);
        const placed = await paper.placeOrder(request);
        if (holding && holdWhen === 'after') return held('after', request.clientOrderId);
        return placed;
      },
    };
    return connector;
  },
  isKeyUsable: async () => false,
};

const log = { warn: (obj: object, msg: string) => console.error(msg, JSON.stringify(obj)) };
const engine = createBotEngine({
  db,
  venues,
  owner: process.env.ENGINE_OWNER!,
  leaseMs: Number(process.env.LEASE_MS ?? 30_000),
  notify: notifications.notify,
  log,
});
// As worker.ts: the next pass at once after one that stepped a bot.
const loop = runTicks({ tick: engine.pass }, { intervalMs: 50, log, busy: (result) => result.stepped > 0 });
process.send?.({ ready: true });

process.on('SIGTERM', async () => {
  await loop.stop();
  await engine.releaseAll();
  await db.destroy();
  process.exit(0);
});
