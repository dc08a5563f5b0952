import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { BotSymbolsService } from './bot-symbols.service';

export interface BotSymbolsRoutesOptions {
  symbols: BotSymbolsService;
}

const tags = ['bot-symbols'];

/** The member's symbol pages: their bots per symbol with the exchange's figures, and the symbol picker. */
export const botSymbolsRoutes: FastifyPluginAsyncZod<BotSymbolsRoutesOptions> = async (app, { symbols }) => {
  const config = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  route(app, Endpoints.botSymbols.botSymbols, {
    config: config,
    tags,
    handler: (request) => symbols.symbols(me(request), request.query),
  });

  route(app, Endpoints.botSymbols.botSymbolMarkets, {
    config: config,
    tags,
    handler: (request) => symbols.markets(me(request), request.query),
  });
};
