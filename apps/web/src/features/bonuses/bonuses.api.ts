import { type TBonusRecordsQuery, type TBonusSettings, TeamBonusesEndpoints } from '@app/contracts';
import { api, type Query } from '../../app/api';

export type RecordFilter = Omit<TBonusRecordsQuery, 'page' | 'pageSize'>;

/** Everything under `bonuses` is refreshed at once after an admin runs a period. */
export const bonusKeys = {
  all: ['bonuses'] as const,
  summary: ['bonuses', 'summary'] as const,
  records: (filter: RecordFilter) => ['bonuses', 'records', filter] as const,
  record: (id: string) => ['bonuses', 'record', id] as const,
  runs: ['bonuses', 'runs'] as const,
  settings: ['bonuses', 'settings'] as const,
};

/** Drops empty filters so they are not sent as `from=`. */
const queryOf = (filter: RecordFilter): Query =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export const bonusesApi = {
  summary: (signal?: AbortSignal) => api.call(TeamBonusesEndpoints.bonusSummary, { signal }),
  records: (filter: RecordFilter, page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(TeamBonusesEndpoints.bonusRecords, { query: { ...queryOf(filter), page, pageSize }, signal }),
  record: (id: string, signal?: AbortSignal) =>
    api.call(TeamBonusesEndpoints.bonusRecord, { params: { id }, signal }),
  runs: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(TeamBonusesEndpoints.adminBonusRuns, { query: { page, pageSize }, signal }),
  run: (periodStart: string, handled: readonly string[]) =>
    api.call(TeamBonusesEndpoints.postAdminBonusRuns, { body: { periodStart }, handled }),
  dryRun: (periodStart: string, handled: readonly string[]) =>
    api.call(TeamBonusesEndpoints.adminBonusDryRun, { body: { periodStart }, handled }),
  settings: (signal?: AbortSignal) => api.call(TeamBonusesEndpoints.adminBonusSettings, { signal }),
  saveSettings: (settings: TBonusSettings, handled: readonly string[]) =>
    api.call(TeamBonusesEndpoints.putAdminBonusSettings, { body: settings, handled }),
};
