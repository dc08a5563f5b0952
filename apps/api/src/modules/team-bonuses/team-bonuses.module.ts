import type { Db } from '../../db/database';
import { type AppModule, routesOf } from '../../platform/module';
import type { LedgerService } from '../ledger/ledger.service';
import { createBonusRecordService } from './bonus-records.service';
import { createBonusRunService } from './bonus-run.service';
import { createBonusSettingsService } from './bonus-settings';
import { teamBonusRoutes } from './team-bonuses.routes';

/** Team bonuses: the settings staff keep, the daily run that pays them through the ledger, and records. */
export function createTeamBonusesModule(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  const settings = createBonusSettingsService({ db });
  const runs = createBonusRunService({ db, ledger, settings });
  const records = createBonusRecordService({ db });
  return {
    runs,
    routes: routesOf(teamBonusRoutes, { records, runs, settings }),
  } satisfies AppModule;
}
