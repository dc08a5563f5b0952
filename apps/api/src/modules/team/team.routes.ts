import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { TeamService } from './team.service';

export interface TeamRoutesOptions {
  team: TeamService;
}

const tags = ['team'];

/**
 * The member's trees (Tree/gettree, getgroupinfo2, addfavorite, unfavorite, showfavorite2; member/downlinelist,
 * searchdownline; Member/fivelevel, singlelevel2, searchuserid, searchmember). Only their own downline.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, { team }) => {
  const config = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  route(app, Endpoints.team.teamPlacementTree, {
    config: config,
    tags,
    handler: (request) => team.placementTree(me(request), request.query),
  });

  route(app, Endpoints.team.teamReferrals, {
    config: config,
    tags,
    handler: (request) => team.referrals(me(request), request.query),
  });

  route(app, Endpoints.team.teamLevels, {
    config: config,
    tags,
    handler: (request) => team.sponsorLevels(me(request)),
  });

  route(app, Endpoints.team.teamLevelMembers, {
    config: config,
    tags,
    handler: (request) => team.sponsorLevel(me(request), request.query),
  });

  route(app, Endpoints.team.teamSearch, {
    config: config,
    tags,
    handler: (request) => team.search(me(request), request.query.q),
  });

  route(app, Endpoints.team.teamFavourites, {
    config: config,
    tags,
    handler: (request) => team.favourites(me(request), request.query.page, request.query.pageSize),
  });

  route(app, Endpoints.team.postTeamFavourites, {
    config: config,
    tags,
    handler: async (request) => {
      await team.addFavourite(me(request), request.body.memberId);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.team.teamFavourite, {
    config: config,
    tags,
    handler: async (request) => {
      await team.removeFavourite(me(request), request.params.id);
      return { ok: true as const };
    },
  });
};
