import type { TMarketType } from '@app/contracts';

/** The markets page is routes.txt's; the detail view of one symbol has no path there and gets its own. */
export const MarketPaths = {
  list: '/pages/home/market',
  detail: '/pages/home/marketDetail',
} as const;

export function detailPath(symbol: string): string {
  return `${MarketPaths.detail}?${new URLSearchParams({ symbol }).toString()}`;
}

/** Unified symbols: a perpetual carries its settlement currency after a colon (`BTC/USDT:USDT`). */
export function typeOfSymbol(symbol: string): TMarketType {
  return symbol.includes(':') ? 'perpetual' : 'spot';
}

/** `BTC/USDT:USDT` shows as `BTC/USDT` (the tab or a tag says it is the perpetual). */
export function pairOf(symbol: string): string {
  return symbol.split(':')[0] ?? symbol;
}
