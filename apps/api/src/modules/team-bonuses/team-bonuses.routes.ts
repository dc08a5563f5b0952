import {
  Paths,
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
  ZPageQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
import type { BonusRecordService } from './bonus-records.service';
import type { BonusRunService } from './bonus-run.service';
import type { BonusSettingsService } from './bonus-settings';

export interface TeamBonusRoutesOptions {
  records: BonusRecordService;
  runs: BonusRunService;
  settings: BonusSettingsService;
}

const tags = ['bonuses'];
const ZIdParams = z.object({ id: z.uuid({ message: 'BONUS_RECORD_NOT_FOUND' }) });

/** Bonus summary and records of the member (Asset/bonussummary, bonusrecord, searchBonusrecord); admin runs. */
export const teamBonusRoutes: FastifyPluginAsyncZod<TeamBonusRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };

  app.get(
    Paths.bonusSummary,
    { config: member, schema: { tags, querystring: ZBonusSummaryQuery, response: { 200: ZBonusSummary } } },
    async (request) => {
      const { settings } = await o.settings.current();
      return o.records.summary(callerOf(request).memberId, request.query, settings.payoutCurrency);
    },
  );

  app.get(
    Paths.bonusRecords,
    {
      config: member,
      schema: { tags, querystring: ZBonusRecordsQuery, response: { 200: ZBonusRecordPage } },
    },
    (request) => o.records.records(callerOf(request).memberId, request.query),
  );

  app.get(
    Paths.bonusRecord,
    { config: member, schema: { tags, params: ZIdParams, response: { 200: ZBonusRecordDetail } } },
    (request) => o.records.record(callerOf(request).memberId, request.params.id),
  );

  app.get(
    Paths.adminBonusRuns,
    { config: admin, schema: { tags, querystring: ZPageQuery, response: { 200: ZBonusRunPage } } },
    (request) => o.runs.list(request.query.page, request.query.pageSize),
  );

  // A run pays bonuses: a fresh authenticator code first (decision 45).
  app.post(
    Paths.adminBonusRuns,
    {
      config: { ...admin, stepUp: true },
      schema: { tags, body: ZBonusRunRequest, response: { 200: ZBonusRun } },
    },
    (request) => o.runs.run(request.body.periodStart, callerOf(request).memberId),
  );

  app.post(
    Paths.adminBonusDryRun,
    { config: admin, schema: { tags, body: ZBonusRunRequest, response: { 200: ZBonusDryRun } } },
    (request) => o.runs.dryRun(request.body.periodStart),
  );

  app.get(
    Paths.adminBonusSettings,
    { config: admin, schema: { tags, response: { 200: ZBonusSettingsView } } },
    () => o.settings.view(),
  );

  app.put(
    Paths.adminBonusSettings,
    { config: admin, schema: { tags, body: ZBonusSettings, response: { 200: ZBonusSettingsView } } },
    (request) => o.settings.update({ memberId: callerOf(request).memberId, ip: request.ip }, request.body),
  );
};
