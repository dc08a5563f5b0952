import { BotSymbolsEndpoints, type TBotSymbolMarketsQuery, type TMarketType } from '@app/contracts';
import { api } from '../../app/api';
import { botKeys } from '../bots/bots.api';

/** Under the bots' keys: pausing or starting a bot anywhere refreshes these pages too. */
export const symbolKeys = {
  symbols: (marketType: TMarketType) => [...botKeys.all, 'symbols', marketType] as const,
  markets: (q: Omit<TBotSymbolMarketsQuery, 'page' | 'pageSize'>) =>
    [...botKeys.all, 'symbol-markets', q.rentalId, q.exchange, q.marketType, q.q ?? ''] as const,
};

export const botSymbolsApi = {
  symbols: (marketType: TMarketType, page: number, pageSize: number) =>
    api.call(BotSymbolsEndpoints.botSymbols, { query: { marketType, page, pageSize } }),
  markets: (q: Omit<TBotSymbolMarketsQuery, 'page' | 'pageSize'>, page: number, pageSize: number) =>
    api.call(BotSymbolsEndpoints.botSymbolMarkets, { query: { ...q, q: q.q || undefined, page, pageSize } }),
};
