import {
  Paths,
  ZBotBalance,
  ZBotChart,
  ZBotChartQuery,
  ZBotClosedCycle,
  ZBotFilters,
  ZBotRecordIdParams,
  ZBotRecordOrder,
  ZBotRecordOrdersQuery,
  ZBotRecordsQuery,
  ZBotSummaryQuery,
  ZBotSummaryRow,
  ZBotSummaryTotals,
  ZRecordBot,
  ZRecordBotsQuery,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { BotRecordsService } from './bot-records.service';

export interface BotRecordsRoutesOptions {
  records: BotRecordsService;
}

const tags = ['bot-records'];

/** What the member's own bots did: lists, orders, closed cycles, summaries, balance and chart. Read only. */
export const botRecordsRoutes: FastifyPluginAsyncZod<BotRecordsRoutesOptions> = async (app, { records }) => {
  const config = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  app.get(
    Paths.botRecordBots,
    { config, schema: { tags, querystring: ZRecordBotsQuery, response: { 200: zPage(ZRecordBot) } } },
    (request) => records.bots(me(request), request.query),
  );

  app.get(Paths.botRecordFilters, { config, schema: { tags, response: { 200: ZBotFilters } } }, (request) =>
    records.filters(me(request)),
  );

  app.get(
    Paths.botRecordOrders,
    {
      config,
      schema: { tags, querystring: ZBotRecordOrdersQuery, response: { 200: zPage(ZBotRecordOrder) } },
    },
    (request) => records.orders(me(request), request.query),
  );

  app.get(
    Paths.botRecordCycles,
    { config, schema: { tags, querystring: ZBotRecordsQuery, response: { 200: zPage(ZBotClosedCycle) } } },
    (request) => records.cycles(me(request), request.query),
  );

  app.get(
    Paths.botRecordSummary,
    { config, schema: { tags, querystring: ZBotSummaryQuery, response: { 200: zPage(ZBotSummaryRow) } } },
    (request) => records.summary(me(request), request.query),
  );

  app.get(
    Paths.botRecordTotals,
    { config, schema: { tags, querystring: ZBotRecordsQuery, response: { 200: ZBotSummaryTotals } } },
    (request) => records.totals(me(request), request.query),
  );

  app.get(
    Paths.botRecordBalance,
    { config, schema: { tags, params: ZBotRecordIdParams, response: { 200: ZBotBalance } } },
    (request) => records.balance(me(request), request.params.id),
  );

  app.get(
    Paths.botRecordChart,
    {
      config,
      schema: { tags, params: ZBotRecordIdParams, querystring: ZBotChartQuery, response: { 200: ZBotChart } },
    },
    (request) => records.chart(me(request), request.params.id, request.query.interval),
  );
};
