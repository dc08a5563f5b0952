import type { TMarketType, TTradingExchange } from '@app/contracts';

/** routes.txt has no path for the spec's online trade screen (SaveOrder, CloseOrder): it gets its own. */
export const TradingPaths = {
  online: '/pages/trade/online',
} as const;

/** The trade screen on one venue and symbol, as the markets page links to it. */
export function tradePath(query: { exchange?: TTradingExchange; symbol?: string } = {}): string {
  const params = new URLSearchParams();
  if (query.exchange) params.set('exchange', query.exchange);
  if (query.symbol) params.set('symbol', query.symbol);
  const qs = params.toString();
  return qs ? `${TradingPaths.online}?${qs}` : TradingPaths.online;
}

/** Unified symbols: a perpetual carries its settlement currency after a colon (`BTC/USDT:USDT`). */
export function marketTypeOf(symbol: string): TMarketType {
  return symbol.includes(':') ? 'perpetual' : 'spot';
}

/** Base and quote of a unified symbol: `BTC/USDT:USDT` -> BTC, USDT. */
export function partsOf(symbol: string): { base: string; quote: string } {
  const [pair = symbol] = symbol.split(':');
  const [base = pair, quote = ''] = pair.split('/');
  return { base, quote };
}

/** The same pair on the other market type: `BTC/USDT` <-> `BTC/USDT:USDT` (USDT-settled perpetuals). */
export function counterpartOf(symbol: string, type: TMarketType): string {
  const { base, quote } = partsOf(symbol);
  return type === 'perpetual' ? `${base}/${quote}:${quote}` : `${base}/${quote}`;
}
