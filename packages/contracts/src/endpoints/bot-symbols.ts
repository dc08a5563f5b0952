import { ZBotSymbol, ZBotSymbolMarket, ZBotSymbolMarketsQuery, ZBotSymbolsQuery } from '../bot-symbols';
import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';

/** The operations registered by apps/api/src/modules/bot-symbols/bot-symbols.routes.ts. */
export const BotSymbolsEndpoints = {
  botSymbols: defineEndpoint({
    method: 'GET',
    path: '/api/bot-symbols',
    query: ZBotSymbolsQuery,
    response: zPage(ZBotSymbol),
  }),
  botSymbolMarkets: defineEndpoint({
    method: 'GET',
    path: '/api/bot-symbols/markets',
    query: ZBotSymbolMarketsQuery,
    response: zPage(ZBotSymbolMarket),
  }),
};
