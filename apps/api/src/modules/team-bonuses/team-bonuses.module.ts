import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { createBonusRecordService } from './bonus-records.service';
import { type BonusRunService, createBonusRunService } from './bonus-run.service';
import { createBonusSettingsService } from './bonus-settings';
import { teamBonusRoutes } from './team-bonuses.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily bonus run job (main.ts) reaches the run service through the app. */
    bonusRuns: BonusRunService;
  }
}

/** Builds the bonus services and registers their routes (one call in app.ts). */
export async function registerTeamBonuses(app: FastifyInstance, deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  const settings = createBonusSettingsService({ db });
  const runs = createBonusRunService({ db, ledger, settings });
  app.decorate('bonusRuns', runs);
  await app.register(teamBonusRoutes, { records: createBonusRecordService({ db }), runs, settings });
}
