import { z } from 'zod';
import {
  ZBonusDryRun,
  ZBonusRecordDetail,
  ZBonusRecordPage,
  ZBonusRecordsQuery,
  ZBonusRun,
  ZBonusRunPage,
  ZBonusRunRequest,
  ZBonusSettings,
  ZBonusSettingsView,
  ZBonusSummary,
  ZBonusSummaryQuery,
} from '../bonuses';
import { ZPageQuery } from '../common';
import { defineEndpoint } from '../endpoint';

const ZIdParams = z.object({ id: z.uuid({ message: 'BONUS_RECORD_NOT_FOUND' }) });

/** The operations registered by apps/api/src/modules/team-bonuses/team-bonuses.routes.ts. */
export const TeamBonusesEndpoints = {
  bonusSummary: defineEndpoint({
    method: 'GET',
    path: '/api/bonuses/summary',
    query: ZBonusSummaryQuery,
    response: ZBonusSummary,
  }),
  bonusRecords: defineEndpoint({
    method: 'GET',
    path: '/api/bonuses/records',
    query: ZBonusRecordsQuery,
    response: ZBonusRecordPage,
  }),
  bonusRecord: defineEndpoint({
    method: 'GET',
    path: '/api/bonuses/records/:id',
    params: ZIdParams,
    response: ZBonusRecordDetail,
  }),
  adminBonusRuns: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonus-runs',
    query: ZPageQuery,
    response: ZBonusRunPage,
  }),
  postAdminBonusRuns: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonus-runs',
    body: ZBonusRunRequest,
    response: ZBonusRun,
  }),
  adminBonusDryRun: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonus-runs/dry-run',
    body: ZBonusRunRequest,
    response: ZBonusDryRun,
  }),
  adminBonusSettings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonus-settings',
    response: ZBonusSettingsView,
  }),
  putAdminBonusSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/bonus-settings',
    body: ZBonusSettings,
    response: ZBonusSettingsView,
  }),
};
