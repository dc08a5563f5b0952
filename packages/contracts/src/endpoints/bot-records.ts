import {
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
} from '../bot-records';
import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';

/** The operations registered by apps/api/src/modules/bot-records/bot-records.routes.ts. */
export const BotRecordsEndpoints = {
  botRecordBots: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/bots',
    query: ZRecordBotsQuery,
    response: zPage(ZRecordBot),
  }),
  botRecordFilters: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/filters',
    response: ZBotFilters,
  }),
  botRecordOrders: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/orders',
    query: ZBotRecordOrdersQuery,
    response: zPage(ZBotRecordOrder),
  }),
  botRecordCycles: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/cycles',
    query: ZBotRecordsQuery,
    response: zPage(ZBotClosedCycle),
  }),
  botRecordSummary: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/summary',
    query: ZBotSummaryQuery,
    response: zPage(ZBotSummaryRow),
  }),
  botRecordTotals: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/summary/totals',
    query: ZBotRecordsQuery,
    response: ZBotSummaryTotals,
  }),
  botRecordBalance: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/bots/:id/balance',
    params: ZBotRecordIdParams,
    response: ZBotBalance,
  }),
  botRecordChart: defineEndpoint({
    method: 'GET',
    path: '/api/bot-records/bots/:id/chart',
    params: ZBotRecordIdParams,
    query: ZBotChartQuery,
    response: ZBotChart,
  }),
};
