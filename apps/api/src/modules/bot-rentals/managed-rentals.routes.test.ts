import type {
  TBot,
  TBotDetail,
  TBotPackages,
  TBotSymbol,
  TErrorBody,
  TPage,
  TRentalReceipt,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: Client;
let stranger: Client;
let rentalId: string;

async function member(username: string): Promise<Client> {
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  await client.login(username);
  return client;
}

const memberIdOf = async (username: string) =>
  (await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

const config = (overrides: Record<string, unknown> = {}) => ({
  rentalId,
  exchange: 'binance',
  marketType: 'spot',
  symbol: 'BTC/USDT',
  direction: 'long',
  baseOrder: '50',
  safetyOrder: '50',
  safetyOrderCount: 2,
  priceDeviation: '1.5',
  volumeScale: '1.5',
  stepScale: '1.2',
  takeProfit: '1.2',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await member('grace01');
  stranger = await member('irene01');
  // investsavecompany: the Pro package covers real exchanges only, and grace01 has bound no key anywhere.
  const pro = (await owner.get<TBotPackages>('/api/bot-packages')).body.items.find((p) => p.name === 'Pro')!;
  const rented = await owner.move<TRentalReceipt>('/api/bot-rentals', {
    packageId: pro.id,
    wallet: 'funds',
    mode: 'managed',
    agreed: true,
    password: await owner.seal(PAY_PASSWORD),
  });
  expect(rented.status).toBe(200);
  expect(rented.body.rental.mode).toBe('managed');
  rentalId = rented.body.rental.id;
});
afterAll(async () => t.close());

describe('a managed-mode rental', () => {
  let bot: TBot;

  it('lets a member without any key configure a bot on a real exchange, in the platform account', async () => {
    expect(
      await t.db
        .selectFrom('exchange_keys')
        .select('id')
        .where('member_id', '=', await memberIdOf('grace01'))
        .execute(),
    ).toEqual([]);
    const preview = await owner.post('/api/bots/preview', config());
    expect(preview.status).toBe(200);
    const created = await owner.post<TBot>('/api/bots', config());
    expect(created.status).toBe(200);
    bot = created.body;
    expect(bot).toMatchObject({ exchange: 'binance', status: 'running', rentalId });
    const account = await t.db
      .selectFrom('managed_accounts')
      .selectAll()
      .where('member_id', '=', await memberIdOf('grace01'))
      .executeTakeFirstOrThrow();
    // The demo platform runs managed accounts on paper: no key, the platform's own book.
    expect(account).toMatchObject({ exchange: 'binance', api_key: null });
    // The symbol page says which account the bot trades.
    const symbols = await owner.get<TPage<TBotSymbol>>('/api/bot-symbols?marketType=spot');
    expect(symbols.body.items.map((s) => [s.bot.id, s.managed, s.problem])).toEqual([[bot.id, true, null]]);
  });

  it('can be paused and resumed without a key', async () => {
    expect((await owner.post<TBot>(`/api/bots/${bot.id}/pause`)).body.status).toBe('paused');
    expect((await owner.post<TBot>(`/api/bots/${bot.id}/resume`)).body.status).toBe('running');
  });

  it('hides the bot from a stranger, who cannot act on it either', async () => {
    const read = await stranger.get<TErrorBody>(`/api/bots/${bot.id}`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('BOT_NOT_FOUND');
    expect((await stranger.get<{ items: TBot[] }>('/api/bots')).body.items).toEqual([]);
    expect((await stranger.get<TPage<TBotSymbol>>('/api/bot-symbols?marketType=spot')).body.items).toEqual(
      [],
    );
    expect((await stranger.post<TErrorBody>(`/api/bots/${bot.id}/pause`)).status).toBe(404);
    expect((await stranger.del<TErrorBody>(`/api/bots/${bot.id}`)).status).toBe(404);
    // Nor can they put a bot on the owner's rental.
    const theirs = await stranger.post<TErrorBody>('/api/bots', config({ symbol: 'ETH/USDT' }));
    expect(theirs.body.code).toBe('BOT_RENTAL_INACTIVE');
    expect((await owner.get<TBotDetail>(`/api/bots/${bot.id}`)).body.bot.status).toBe('running');
  });

  it('refuses a symbol the exchange does not list, and nothing changes', async () => {
    const before = await t.db.selectFrom('bots').select('id').execute();
    const r = await owner.post<TErrorBody>('/api/bots', config({ symbol: 'NOPE/USDT' }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('EXCHANGE_SYMBOL_UNKNOWN');
    expect(await t.db.selectFrom('bots').select('id').execute()).toEqual(before);
  });
});
