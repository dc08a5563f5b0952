import {
  BotRecordsEndpoints,
  type TCandleInterval,
  type TRecordBotsQuery,
  type TSummaryGrouping,
} from '@app/contracts';
import { api } from '../../app/api';
import { queryOf, type RecordFilter } from './record-filters';

const pageOf = (page: number, pageSize: number) => ({ page, pageSize });

export const recordKeys = {
  all: ['bot-records'] as const,
  bots: (q: Omit<TRecordBotsQuery, 'page' | 'pageSize'>) => ['bot-records', 'bots', q] as const,
  filters: ['bot-records', 'filters'] as const,
  orders: (f: RecordFilter, filledOnly: boolean) => ['bot-records', 'orders', f, filledOnly] as const,
  cycles: (f: RecordFilter) => ['bot-records', 'cycles', f] as const,
  summary: (f: RecordFilter, by: TSummaryGrouping) => ['bot-records', 'summary', f, by] as const,
  totals: (f: RecordFilter) => ['bot-records', 'totals', f] as const,
  balance: (id: string) => ['bot-records', 'balance', id] as const,
  chart: (id: string, interval: TCandleInterval) => ['bot-records', 'chart', id, interval] as const,
};

export const recordsApi = {
  bots: (q: Omit<TRecordBotsQuery, 'page' | 'pageSize'>, page: number, pageSize: number) =>
    api.call(BotRecordsEndpoints.botRecordBots, { query: { ...q, ...pageOf(page, pageSize) } }),
  filters: () => api.call(BotRecordsEndpoints.botRecordFilters),
  orders: (f: RecordFilter, filledOnly: boolean, page: number, pageSize: number) =>
    api.call(BotRecordsEndpoints.botRecordOrders, {
      query: { ...queryOf(f), ...(filledOnly ? { filledOnly: 'true' } : {}), ...pageOf(page, pageSize) },
    }),
  cycles: (f: RecordFilter, page: number, pageSize: number) =>
    api.call(BotRecordsEndpoints.botRecordCycles, { query: { ...queryOf(f), ...pageOf(page, pageSize) } }),
  summary: (f: RecordFilter, by: TSummaryGrouping, page: number, pageSize: number) =>
    api.call(BotRecordsEndpoints.botRecordSummary, {
      query: { ...queryOf(f), by, ...pageOf(page, pageSize) },
    }),
  totals: (f: RecordFilter) => api.call(BotRecordsEndpoints.botRecordTotals, { query: queryOf(f) }),
  balance: (id: string) => api.call(BotRecordsEndpoints.botRecordBalance, { params: { id } }),
  chart: (id: string, interval: TCandleInterval) =>
    api.call(BotRecordsEndpoints.botRecordChart, { params: { id }, query: { interval } }),
};
