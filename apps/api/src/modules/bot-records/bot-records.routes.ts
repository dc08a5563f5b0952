import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { BotRecordsService } from './bot-records.service';

export interface BotRecordsRoutesOptions {
  records: BotRecordsService;
}

const tags = ['bot-records'];

/** What the member's own bots did: lists, orders, closed cycles, summaries, balance and chart. Read only. */
export const botRecordsRoutes: FastifyPluginAsyncZod<BotRecordsRoutesOptions> = async (app, { records }) => {
  const config = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  route(app, Endpoints.botRecords.botRecordBots, {
    config: config,
    tags,
    handler: (request) => records.bots(me(request), request.query),
  });

  route(app, Endpoints.botRecords.botRecordFilters, {
    config: config,
    tags,
    handler: (request) => records.filters(me(request)),
  });

  route(app, Endpoints.botRecords.botRecordOrders, {
    config: config,
    tags,
    handler: (request) => records.orders(me(request), request.query),
  });

  route(app, Endpoints.botRecords.botRecordCycles, {
    config: config,
    tags,
    handler: (request) => records.cycles(me(request), request.query),
  });

  route(app, Endpoints.botRecords.botRecordSummary, {
    config: config,
    tags,
    handler: (request) => records.summary(me(request), request.query),
  });

  route(app, Endpoints.botRecords.botRecordTotals, {
    config: config,
    tags,
    handler: (request) => records.totals(me(request), request.query),
  });

  route(app, Endpoints.botRecords.botRecordBalance, {
    config: config,
    tags,
    handler: (request) => records.balance(me(request), request.params.id),
  });

  route(app, Endpoints.botRecords.botRecordChart, {
    config: config,
    tags,
    handler: (request) => records.chart(me(request), request.params.id, request.query.interval),
  });
};
