import {
  Paths,
  ZBotSymbol,
  ZBotSymbolMarket,
  ZBotSymbolMarketsQuery,
  ZBotSymbolsQuery,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { BotSymbolsService } from './bot-symbols.service';

export interface BotSymbolsRoutesOptions {
  symbols: BotSymbolsService;
}

const tags = ['bot-symbols'];

/** The member's symbol pages: their bots per symbol with the exchange's figures, and the symbol picker. */
export const botSymbolsRoutes: FastifyPluginAsyncZod<BotSymbolsRoutesOptions> = async (app, { symbols }) => {
  const config = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  app.get(
    Paths.botSymbols,
    { config, schema: { tags, querystring: ZBotSymbolsQuery, response: { 200: zPage(ZBotSymbol) } } },
    (request) => symbols.symbols(me(request), request.query),
  );

  app.get(
    Paths.botSymbolMarkets,
    {
      config,
      schema: { tags, querystring: ZBotSymbolMarketsQuery, response: { 200: zPage(ZBotSymbolMarket) } },
    },
    (request) => symbols.markets(me(request), request.query),
  );
};
