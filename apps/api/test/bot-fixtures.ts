import type { TCreateBotRequest } from '@app/contracts';
import type { Db } from '../src/db/database';
import { type BotVenues, createBotEngine } from '../src/modules/bots/engine/bot-engine';
import type { MarketData, Ticker } from '../src/modules/exchanges/connector';
import { createPaperConnector } from '../src/modules/exchanges/paper/paper-exchange';
import { createSimulatedMarket } from '../src/modules/exchanges/paper/simulated-market';
import type { NotificationService } from '../src/modules/notifications/notifications.service';

/**
 * A market whose last price the test sets (a recorded or generated price path, one step at a time), with the
 * simulated market's listings and rules. The paper exchange fills market orders at this price.
 */
export function pricePathMarket(start: Record<string, string>) {
  const listings = createSimulatedMarket({ seed: 7 });
  const prices = new Map(Object.entries(start));
  const market: MarketData = {
    exchange: 'paper',
    markets: (type) => listings.markets(type),
    async tickers(type, symbols) {
      const wanted = symbols ?? [...prices.keys()];
      return wanted
        .filter((s) => prices.has(s) && (type === 'perpetual') === s.includes(':'))
        .map(
          (symbol): Ticker => ({
            symbol,
            last: prices.get(symbol)!,
            change24hPercent: '0',
            high24h: prices.get(symbol)!,
            low24h: prices.get(symbol)!,
            quoteVolume24h: '0',
            at: new Date(),
          }),
        );
    },
    // No candle history: resting orders match on the last price only.
    candles: async () => [],
    fundingRate: (symbol) => listings.fundingRate(symbol),
  };
  return {
    market,
    set(symbol: string, price: string) {
      prices.set(symbol, price);
    },
  };
}

/** The paper exchange as the bots' only venue (no key needed). */
export function paperVenues(db: Db, market: MarketData): BotVenues {
  return {
    connectorFor: async (memberId) => createPaperConnector({ db, market, memberId }),
    isKeyUsable: async () => false,
  };
}

/** A bot package and an active rental of it, written directly (the rental flow has tests of its own). */
export async function makeRental(
  db: Db,
  memberId: string,
  options: { capitalUsdt?: number; exchanges?: ('paper' | 'binance' | 'bybit' | 'gate')[] } = {},
): Promise<string> {
  const pkg = await db
    .insertInto('bot_packages')
    .values({
      name: 'Test package',
      price_minor: '100000000',
      currency: 'USDT',
      duration_days: 30,
      capital_limit_minor: String((options.capitalUsdt ?? 1000) * 1_000_000),
      topup_unit_minor: null,
      topup_unit_price_minor: null,
      exchanges: options.exchanges ?? ['paper'],
      market_types: ['spot', 'perpetual'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rental = await db
    .insertInto('bot_rentals')
    .values({
      member_id: memberId,
      package_id: pkg.id,
      currency: 'USDT',
      capital_limit_minor: String((options.capitalUsdt ?? 1000) * 1_000_000),
      mode: 'own_key',
      starts_at: new Date(Date.now() - 86_400_000),
      ends_at: new Date(Date.now() + 30 * 86_400_000),
      voucher_id: null,
      price_paid_minor: '100000000',
      transfer_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return rental.id;
}

/** Ends a rental now (it started a day ago). */
export async function expireRental(db: Db, rentalId: string): Promise<void> {
  await db
    .updateTable('bot_rentals')
    .set({ ends_at: new Date(Date.now() - 1000) })
    .where('id', '=', rentalId)
    .execute();
}

/** A small spot DCA bot on the paper exchange (two safety orders of 100, 1 % apart, 1 % take profit). */
export function botRequest(rentalId: string, overrides: Partial<TCreateBotRequest> = {}): TCreateBotRequest {
  return {
    rentalId,
    exchange: 'paper',
    marketType: 'spot',
    symbol: 'BTC/USDT',
    direction: 'long',
    orderType: 'market',
    baseOrder: '100',
    safetyOrder: '100',
    safetyOrderCount: 2,
    priceDeviation: '1',
    volumeScale: '1',
    stepScale: '1',
    takeProfit: '1',
    trailingDeviation: null,
    stopLoss: null,
    cooldownSeconds: 0,
    leverage: 1,
    marginMode: 'isolated',
    ...overrides,
  };
}

/**
 * Makes engines on the paper exchange that all read one test clock (test-clock.ts): a lease runs out when
 * the test moves the clock past it, never while it sleeps.
 */
export function paperEngines(deps: {
  db: Db;
  market: MarketData;
  notify: NotificationService['notify'];
  now: () => Date;
}) {
  return (owner: string, leaseMs = 30_000) =>
    createBotEngine({
      db: deps.db,
      venues: paperVenues(deps.db, deps.market),
      owner,
      leaseMs,
      notify: deps.notify,
      now: deps.now,
    });
}
