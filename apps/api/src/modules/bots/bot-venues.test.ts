import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botRequest, makeRental, pricePathMarket } from '../../../test/bot-fixtures';
import { makeMember } from '../../../test/fixtures';
import { MASTER_KEY } from '../../../test/test-app';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { createLiveEvents } from '../../platform/live-events';
import { createSecretBox } from '../../platform/secret-box';
import { createManagedAccounts, type ManagedAccountsMode } from '../bot-rentals/managed-accounts';
import type { Connector, Credentials } from '../exchanges/connector';
import { createPaperConnector } from '../exchanges/paper/paper-exchange';
import { createNotificationService } from '../notifications/notifications.service';
import { createBotVenues } from './bot-venues';
import { createBotsService } from './bots.service';
import { createBotEngine } from './engine/bot-engine';

const SYMBOL = 'BTC/USDT';
const path = pricePathMarket({ [SYMBOL]: '90000' });
const box = createSecretBox(Buffer.from(MASTER_KEY, 'base64'));
let db: Db;
let drop: () => Promise<void>;
let notify: ReturnType<typeof createNotificationService>['notify'];

beforeAll(async () => {
  const testDb = await createTestDb();
  ({ db, drop } = testDb);
  notify = createNotificationService({ db, live: createLiveEvents({ databaseUrl: testDb.url }) }).notify;
});
afterAll(async () => drop());

/**
 * The venues as the app wires them, with a member key store that has no key for anyone (and fails the
 * test if asked for one) and real exchanges that stand in a paper account named by the credentials' key.
 */
function wiring(mode: ManagedAccountsMode) {
  const keys = {
    list: async () => [],
    isKeyUsable: async () => false,
    credentialsFor: vi.fn(async (): Promise<Credentials> => {
      throw new AppError('KEY_NOT_BOUND');
    }),
  };
  const connected: Credentials[] = [];
  const connect = (_exchange: string, credentials: Credentials): Connector => {
    connected.push(credentials);
    return createPaperConnector({ db, market: path.market, memberId: credentials.apiKey });
  };
  const managed = createManagedAccounts({ db, market: path.market, box, connect, mode });
  const venues = createBotVenues({ db, market: path.market, keys, connect, managed });
  return {
    keys,
    connected,
    managed,
    bots: createBotsService({ db, venues }),
    engine: createBotEngine({ db, venues, owner: `venues-${mode}`, notify }),
  };
}

const settings = (rentalId: string) => botRequest(rentalId, { exchange: 'binance', symbol: SYMBOL });

async function managedRental(memberId: string): Promise<string> {
  const rentalId = await makeRental(db, memberId, { exchanges: ['binance'] });
  await db.updateTable('bot_rentals').set({ mode: 'managed' }).where('id', '=', rentalId).execute();
  return rentalId;
}

const paperOrdersOf = (accountId: string) =>
  db
    .selectFrom('paper_orders')
    .select(['client_order_id', 'side', 'status'])
    .where('member_id', '=', accountId)
    .execute();

const managedAccountOf = (memberId: string) =>
  db
    .selectFrom('managed_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('exchange', '=', 'binance')
    .executeTakeFirstOrThrow();

describe('a bot under a managed rental (paper mode)', () => {
  it('trades the platform paper account of its member, never the member key, though the member has none', async () => {
    path.set(SYMBOL, '90000');
    const w = wiring('paper');
    const memberId = await makeMember(db, 'managed');
    const bot = await w.bots.create(memberId, settings(await managedRental(memberId)));
    await w.engine.tick();

    const orders = await db.selectFrom('bot_orders').selectAll().where('bot_id', '=', bot.id).execute();
    expect(orders.map((o) => [o.kind, o.side, o.status])).toEqual([['base', 'buy', 'closed']]);
    const account = await managedAccountOf(memberId);
    expect(account.api_key).toBeNull();
    const placed = await paperOrdersOf(`-${account.id}`);
    expect(placed).toEqual([{ client_order_id: orders[0]!.client_order_id, side: 'buy', status: 'closed' }]);
    // Nothing under the member's own demo account, no key asked for, no real exchange called.
    expect(await paperOrdersOf(memberId)).toEqual([]);
    expect(w.keys.credentialsFor).not.toHaveBeenCalled();
    expect(w.connected).toEqual([]);
  });

  it('keeps two members in two accounts', async () => {
    path.set(SYMBOL, '90000');
    const w = wiring('paper');
    const [a, b] = [await makeMember(db, 'managed'), await makeMember(db, 'managed')];
    await w.bots.create(a, settings(await managedRental(a)));
    await w.bots.create(b, settings(await managedRental(b)));
    await w.engine.tick();
    const [accountA, accountB] = [await managedAccountOf(a), await managedAccountOf(b)];
    expect(accountA.id).not.toBe(accountB.id);
    expect(await paperOrdersOf(`-${accountA.id}`)).toHaveLength(1);
    expect(await paperOrdersOf(`-${accountB.id}`)).toHaveLength(1);
  });

  it('leaves an own-key rental on its key: without one, the bot is refused', async () => {
    const w = wiring('paper');
    const memberId = await makeMember(db, 'ownkey');
    const rentalId = await makeRental(db, memberId, { exchanges: ['binance'] });
    await expect(w.bots.create(memberId, settings(rentalId))).rejects.toMatchObject({
      code: 'KEY_NOT_BOUND',
    });
    expect(
      await db.selectFrom('managed_accounts').select('id').where('member_id', '=', memberId).execute(),
    ).toEqual([]);
  });
});

describe('a bot under a managed rental (sub-account mode)', () => {
  it('is refused until the operator gives the member a sub-account, then trades it with its credentials', async () => {
    path.set(SYMBOL, '90000');
    const w = wiring('sub_accounts');
    const memberId = await makeMember(db, 'subacct');
    // The sub-account stands in as a paper account named like a member: its key is that member's id.
    const standIn = await makeMember(db, 'standin');
    const rentalId = await managedRental(memberId);
    await expect(w.bots.create(memberId, settings(rentalId))).rejects.toMatchObject({
      code: 'MANAGED_ACCOUNT_MISSING',
    });
    expect(await db.selectFrom('bots').select('id').where('member_id', '=', memberId).execute()).toEqual([]);

    await w.managed.assignSubAccount(memberId, 'binance', { apiKey: standIn, secret: 'sub-secret' });
    const stored = await managedAccountOf(memberId);
    expect(stored.secret_sealed?.toString('utf8')).not.toContain('sub-secret');

    const bot = await w.bots.create(memberId, settings(rentalId));
    await w.engine.tick();
    expect(w.connected.at(-1)).toEqual({ apiKey: standIn, secret: 'sub-secret' });
    expect(await paperOrdersOf(standIn)).toHaveLength(1);
    expect(w.keys.credentialsFor).not.toHaveBeenCalled();
    // Its open cycle belongs to that account: the sub-account is not swapped under a live bot.
    await expect(
      w.managed.assignSubAccount(memberId, 'binance', { apiKey: 'other', secret: 'x' }),
    ).rejects.toMatchObject({ code: 'MANAGED_ACCOUNT_IN_USE' });
    expect((await managedAccountOf(memberId)).api_key).toBe(standIn);
    expect(bot.exchange).toBe('binance');
  });
});
