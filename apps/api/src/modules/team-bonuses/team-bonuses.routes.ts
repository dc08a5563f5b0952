import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { BonusRecordService } from './bonus-records.service';
import type { BonusRunService } from './bonus-run.service';
import type { BonusSettingsService } from './bonus-settings';

export interface TeamBonusRoutesOptions {
  records: BonusRecordService;
  runs: BonusRunService;
  settings: BonusSettingsService;
}

const tags = ['bonuses'];

/** Bonus summary and records of the member (Asset/bonussummary, bonusrecord, searchBonusrecord); admin runs. */
export const teamBonusRoutes: FastifyPluginAsyncZod<TeamBonusRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };

  route(app, Endpoints.teamBonuses.bonusSummary, {
    config: member,
    tags,
    handler: async (request) => {
      const { settings } = await o.settings.current();
      return o.records.summary(callerOf(request).memberId, request.query, settings.payoutCurrency);
    },
  });

  route(app, Endpoints.teamBonuses.bonusRecords, {
    config: member,
    tags,
    handler: (request) => o.records.records(callerOf(request).memberId, request.query),
  });

  route(app, Endpoints.teamBonuses.bonusRecord, {
    config: member,
    tags,
    handler: (request) => o.records.record(callerOf(request).memberId, request.params.id),
  });

  route(app, Endpoints.teamBonuses.adminBonusRuns, {
    config: admin,
    tags,
    handler: (request) => o.runs.list(request.query.page, request.query.pageSize),
  });

  // A run pays bonuses: a fresh authenticator code first (decision 45).
  route(app, Endpoints.teamBonuses.postAdminBonusRuns, {
    config: { ...admin, stepUp: true },
    tags,
    handler: (request) => o.runs.run(request.body.periodStart, callerOf(request).memberId),
  });

  route(app, Endpoints.teamBonuses.adminBonusDryRun, {
    config: admin,
    tags,
    handler: (request) => o.runs.dryRun(request.body.periodStart),
  });

  route(app, Endpoints.teamBonuses.adminBonusSettings, {
    config: admin,
    tags,
    handler: () => o.settings.view(),
  });

  route(app, Endpoints.teamBonuses.putAdminBonusSettings, {
    config: admin,
    tags,
    handler: (request) =>
      o.settings.update({ memberId: callerOf(request).memberId, ip: request.ip }, request.body),
  });
};
