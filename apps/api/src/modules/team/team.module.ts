import type { Db } from '../../db/database';
import { type AppModule, routesOf } from '../../platform/module';
import { createLegTotals } from '../team-bonuses/leg-totals';
import { teamRoutes } from './team.routes';
import { createTeamService } from './team.service';

/** The member's referral tree (team) and its legs' totals. */
export function createTeamModule(deps: { db: Db }) {
  const team = createTeamService({ db: deps.db, legTotals: createLegTotals(deps.db) });
  return {
    team,
    routes: routesOf(teamRoutes, { team }),
  } satisfies AppModule;
}
