import { parse, tryParse } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { MarketData } from '../connector';
import { type MarketRules, ZERO } from './paper-types';

/** A market's trading rules (tick, step, minimums), read once per connector, and the last prices. */
export function createPaperRules(market: MarketData) {
  let rulesCache: Promise<Map<string, MarketRules>> | null = null;
  function allRules(): Promise<Map<string, MarketRules>> {
    rulesCache ??= (async () => {
      const lists = await Promise.all([market.markets('spot'), market.markets('perpetual')]);
      const map = new Map<string, MarketRules>();
      for (const m of lists.flat()) {
        map.set(m.symbol, {
          market: m,
          tick: parse(m.tickSize),
          step: parse(m.amountStep),
          minAmount: parse(m.minAmount),
          minNotional: parse(m.minNotional),
          contractSize: parse(m.contractSize),
        });
      }
      return map;
    })().catch((error) => {
      rulesCache = null;
      throw error;
    });
    return rulesCache;
  }

  async function rulesOf(symbol: string): Promise<MarketRules> {
    const rules = (await allRules()).get(symbol);
    if (!rules) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `Unknown symbol ${symbol}`, { symbol });
    return rules;
  }

  async function perpetualRules(symbol: string): Promise<MarketRules> {
    const rules = await rulesOf(symbol);
    if (rules.market.type !== 'perpetual') {
      throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', `${symbol} is not a perpetual`, { symbol });
    }
    return rules;
  }

  async function lastPrices(symbols: string[]): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    const rules = await allRules();
    for (const type of ['spot', 'perpetual'] as const) {
      const wanted = symbols.filter((s) => rules.get(s)?.market.type === type);
      if (wanted.length === 0) continue;
      for (const t of await market.tickers(type, wanted)) out.set(t.symbol, parse(t.last));
    }
    for (const s of symbols) {
      if (!out.has(s)) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${s}`, { symbol: s });
    }
    return out;
  }

  return { allRules, rulesOf, perpetualRules, lastPrices };
}

export type PaperRules = ReturnType<typeof createPaperRules>;

export function amountOf(text: string, rules: MarketRules): bigint {
  const amount = tryParse(text);
  if (amount === null) {
    const code = /^\d+\.\d+$/.test(text) ? 'EXCHANGE_AMOUNT_TOO_PRECISE' : 'VALIDATION_FAILED';
    throw new AppError(code, `Invalid amount ${text}`, { amount: text });
  }
  if (amount <= ZERO || amount < rules.minAmount) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_SMALL', `Below the minimum amount ${rules.market.minAmount}`, {
      minAmount: rules.market.minAmount,
    });
  }
  if (amount % rules.step !== ZERO) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_PRECISE', `Amount step is ${rules.market.amountStep}`, {
      amountStep: rules.market.amountStep,
    });
  }
  return amount;
}

export function priceOf(text: string | undefined, rules: MarketRules): bigint {
  const price = text === undefined ? null : tryParse(text);
  if (price === null || price <= ZERO || price % rules.tick !== ZERO) {
    throw new AppError('EXCHANGE_PRICE_INVALID', `Price must be a multiple of ${rules.market.tickSize}`, {
      tickSize: rules.market.tickSize,
    });
  }
  return price;
}
