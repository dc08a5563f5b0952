import {
  Paths,
  type TBonusRecordsQuery,
  type TBonusSettings,
  ZBonusDryRun,
  ZBonusRecordDetail,
  ZBonusRecordPage,
  ZBonusRun,
  ZBonusRunPage,
  ZBonusSettingsView,
  ZBonusSummary,
} from '@app/contracts';
import { api, pathWith, type Query } from '../../app/api';

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
  summary: (signal?: AbortSignal) => api.get(Paths.bonusSummary, ZBonusSummary, { signal }),
  records: (filter: RecordFilter, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.bonusRecords, ZBonusRecordPage, { query: { ...queryOf(filter), page, pageSize }, signal }),
  record: (id: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.bonusRecord, { id }), ZBonusRecordDetail, { signal }),
  runs: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminBonusRuns, ZBonusRunPage, { query: { page, pageSize }, signal }),
  run: (periodStart: string, handled: readonly string[]) =>
    api.post(Paths.adminBonusRuns, ZBonusRun, { periodStart }, { handled }),
  dryRun: (periodStart: string, handled: readonly string[]) =>
    api.post(Paths.adminBonusDryRun, ZBonusDryRun, { periodStart }, { handled }),
  settings: (signal?: AbortSignal) => api.get(Paths.adminBonusSettings, ZBonusSettingsView, { signal }),
  saveSettings: (settings: TBonusSettings, handled: readonly string[]) =>
    api.put(Paths.adminBonusSettings, ZBonusSettingsView, settings, { handled }),
};
