import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@app/money/decimal';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRequest, makeRental, paperVenues, pricePathMarket } from '../../../../test/bot-fixtures';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../../../db/database';
import { createBotsService } from '../bots.service';

/**
 * The engine's crash safety with a real process killed (kill -9) in the middle of a DCA cycle, not a crash
 * simulated in-process (bot-engine.test.ts has those): the worker in engine-child.ts is the real engine and
 * tick loop, reading its price from the test database. Nothing here depends on timing: the child stops by
 * itself inside the window the test kills it in, and every wait is a poll of the database.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../../..');
const childScript = path.resolve(here, '../../../../test/engine-child.ts');
const SYMBOL = 'BTC/USDT';
/** Short enough that a restarted worker takes over the killed one's bot in seconds. */
const LEASE_MS = 2000;

let db: Db;
let url: string;
let drop: () => Promise<void>;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  ({ db, url, drop } = await createTestDb());
  await sql`CREATE TABLE test_prices (symbol text PRIMARY KEY, price text NOT NULL)`.execute(db);
  await sql`INSERT INTO test_prices VALUES (${SYMBOL}, '90000')`.execute(db);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all([...children].map(exited));
  await drop();
});

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** A bot worker process; `hold` ('before:N' / 'after:N') stops its Nth order around the send (see the child). */
function startWorker(owner: string, hold?: string) {
  const child = fork(childScript, [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      ENGINE_OWNER: owner,
      LEASE_MS: String(LEASE_MS),
      ...(hold ? { HOLD: hold } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const held = new Promise<{ held: string; clientOrderId: string }>((resolve, reject) => {
    child.on('message', (message: { held?: string; clientOrderId?: string }) => {
      if (message.held) resolve(message as { held: string; clientOrderId: string });
    });
    child.once('exit', (code, signal) => reject(new Error(`worker ${owner} exited (${code ?? signal})`)));
  });
  held.catch(() => {}); // only awaited for held workers
  return {
    held,
    /** kill -9: no lease given back, no answer recorded. */
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    /** A clean stop, as worker.ts does on SIGTERM. */
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

const setPrice = (price: string) =>
  sql`UPDATE test_prices SET price = ${price} WHERE symbol = ${SYMBOL}`.execute(db);

/** A member with a rental and a running bot. A long cooldown: once the cycle closes, the bot stays still. */
async function newBot(prefix: string) {
  const memberId = await makeMember(db, prefix);
  const rentalId = await makeRental(db, memberId);
  const bots = createBotsService({
    db,
    venues: paperVenues(db, pricePathMarket({ [SYMBOL]: '90000' }).market),
  });
  const bot = await bots.create(memberId, botRequest(rentalId, { symbol: SYMBOL, cooldownSeconds: 3600 }));
  return { memberId, botId: bot.id };
}

const ordersOf = (botId: string) =>
  db
    .selectFrom('bot_orders')
    .select([
      'cycle_id',
      'kind',
      'slot',
      'side',
      'type',
      'status',
      'amount',
      'filled',
      'average_price',
      'fee',
      'fee_asset',
      'client_order_id',
    ])
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();

const cyclesOf = (botId: string) =>
  db
    .selectFrom('bot_cycles')
    .select([
      'number',
      'state',
      'base_price',
      'average_entry',
      'filled_amount',
      'safety_orders_filled',
      'realized_pnl',
      'close_reason',
    ])
    .where('bot_id', '=', botId)
    .orderBy('number')
    .execute();

const exchangeOrdersOf = (memberId: string) =>
  db
    .selectFrom('paper_orders')
    .select(['client_order_id', 'side', 'amount', 'status'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

const balancesOf = (memberId: string) =>
  db
    .selectFrom('paper_balances')
    .select(['wallet', 'asset', 'free', 'used'])
    .where('member_id', '=', memberId)
    .orderBy('wallet')
    .orderBy('asset')
    .execute();

/** Polls until `ok`; the machine may be loaded, so the limit is generous and only a limit. */
async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const filled = (botId: string, count: number) =>
  until(
    `${count} filled orders`,
    () => ordersOf(botId),
    (orders) => orders.filter((o) => o.status === 'closed').length >= count,
  );

const cycleClosed = (botId: string) =>
  until(
    'the cycle to close',
    () => cyclesOf(botId),
    (cycles) => cycles[0]?.state === 'closed',
  );

/** What a run ends with, without what differs between two bots (ids, client order ids). */
async function outcome(bot: { botId: string; memberId: string }) {
  const orders = await ordersOf(bot.botId);
  return {
    orders: orders.map(({ cycle_id: _, client_order_id: __, ...o }) => o),
    cycles: await cyclesOf(bot.botId),
    balances: await balancesOf(bot.memberId),
  };
}

describe('a bot worker killed in the middle of a cycle', () => {
  it('restarted, it places no order twice and ends the cycle as a worker never killed does', async () => {
    // The same price path twice, one bot after the other: base at 90000, safety orders at 89100 and 88200
    // (1 % and 2 % down), take profit back at 90000.
    const steadyBot = await newBot('steady');
    const steady = startWorker('steady');
    await filled(steadyBot.botId, 1);
    await setPrice('89100');
    await filled(steadyBot.botId, 2);
    await setPrice('88200');
    await filled(steadyBot.botId, 3);
    await setPrice('90000');
    await cycleClosed(steadyBot.botId);
    await steady.stop();

    const bot = await newBot('killed');
    // Kill 1: the safety order is written pending and about to be sent; the exchange has not seen it.
    let worker = startWorker('first', 'before:2');
    await filled(bot.botId, 1);
    await setPrice('89100');
    const beforeSend = await worker.held;
    await worker.kill();
    expect((await ordersOf(bot.botId)).map((o) => [o.slot, o.status, o.client_order_id])).toEqual([
      ['base', 'closed', expect.any(String)],
      ['safety-1', 'pending', beforeSend.clientOrderId],
    ]);
    expect((await exchangeOrdersOf(bot.memberId)).map((o) => o.client_order_id)).not.toContain(
      beforeSend.clientOrderId,
    );

    // Kill 2: a new worker (once the dead one's lease ran out) sends that order; at the next safety order
    // the exchange takes it and the worker dies before writing the answer down.
    worker = startWorker('second', 'after:2');
    await filled(bot.botId, 2);
    await setPrice('88200');
    const afterSend = await worker.held;
    await worker.kill();
    expect((await ordersOf(bot.botId)).map((o) => [o.slot, o.status])).toEqual([
      ['base', 'closed'],
      ['safety-1', 'closed'],
      ['safety-2', 'pending'],
    ]);
    expect(
      (await exchangeOrdersOf(bot.memberId)).filter((o) => o.client_order_id === afterSend.clientOrderId),
    ).toHaveLength(1);

    // A third worker finds that order on the exchange and finishes the cycle.
    worker = startWorker('third');
    await filled(bot.botId, 3);
    await setPrice('90000');
    await cycleClosed(bot.botId);
    await worker.stop();

    // No order twice: one exchange order per bot order, under the bot order's own id, one per slot.
    const orders = await ordersOf(bot.botId);
    const exchange = await exchangeOrdersOf(bot.memberId);
    const ids = orders.map((o) => o.client_order_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(orders.map((o) => `${o.cycle_id}|${o.slot}`)).size).toBe(orders.length);
    expect(exchange.map((o) => o.client_order_id)).toEqual(ids);
    // The exchange keeps its amounts to 18 places: compared as numbers, not strings.
    expect(exchange.map((o) => [o.side, parse(o.amount)])).toEqual(
      orders.map((o) => [o.side, parse(o.amount)]),
    );

    // The same orders, cycle and final position as the run never killed.
    const killed = await outcome(bot);
    expect(killed).toEqual(await outcome(steadyBot));
    expect(killed.balances.map((b) => [b.wallet, b.asset])).toEqual([
      ['perpetual', 'USDT'],
      ['spot', 'BTC'],
      ['spot', 'USDT'],
    ]);
    expect(killed.orders.map((o) => [o.kind, o.side, o.status, o.amount, o.average_price])).toEqual([
      ['base', 'buy', 'closed', '0.00111', '90000'],
      ['safety', 'buy', 'closed', '0.00112', '89100'],
      ['safety', 'buy', 'closed', '0.00113', '88200'],
      ['take_profit', 'sell', 'closed', '0.00335', '90000'],
    ]);
    expect(killed.cycles).toMatchObject([{ state: 'closed', close_reason: 'take_profit' }]);
    expect(Number(killed.cycles[0]!.realized_pnl)).toBe(1.99125);
  }, 120_000);
});
