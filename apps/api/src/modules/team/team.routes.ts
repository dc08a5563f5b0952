import {
  Paths,
  ZOk,
  ZPageQuery,
  ZPlacementTree,
  ZPlacementTreeQuery,
  ZReferralsQuery,
  ZSponsorLevelQuery,
  ZSponsorLevels,
  ZTeamFavouriteParams,
  ZTeamFavouriteRequest,
  ZTeamMembers,
  ZTeamSearchQuery,
  ZTeamSearchResult,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
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

  app.get(
    Paths.teamPlacementTree,
    { config, schema: { tags, querystring: ZPlacementTreeQuery, response: { 200: ZPlacementTree } } },
    (request) => team.placementTree(me(request), request.query),
  );

  app.get(
    Paths.teamReferrals,
    { config, schema: { tags, querystring: ZReferralsQuery, response: { 200: ZTeamMembers } } },
    (request) => team.referrals(me(request), request.query),
  );

  app.get(Paths.teamLevels, { config, schema: { tags, response: { 200: ZSponsorLevels } } }, (request) =>
    team.sponsorLevels(me(request)),
  );

  app.get(
    Paths.teamLevelMembers,
    { config, schema: { tags, querystring: ZSponsorLevelQuery, response: { 200: ZTeamMembers } } },
    (request) => team.sponsorLevel(me(request), request.query),
  );

  app.get(
    Paths.teamSearch,
    { config, schema: { tags, querystring: ZTeamSearchQuery, response: { 200: ZTeamSearchResult } } },
    (request) => team.search(me(request), request.query.q),
  );

  app.get(
    Paths.teamFavourites,
    { config, schema: { tags, querystring: ZPageQuery, response: { 200: ZTeamMembers } } },
    (request) => team.favourites(me(request), request.query.page, request.query.pageSize),
  );

  app.post(
    Paths.teamFavourites,
    { config, schema: { tags, body: ZTeamFavouriteRequest, response: { 200: ZOk } } },
    async (request) => {
      await team.addFavourite(me(request), request.body.memberId);
      return { ok: true as const };
    },
  );

  app.delete(
    Paths.teamFavourite,
    { config, schema: { tags, params: ZTeamFavouriteParams, response: { 200: ZOk } } },
    async (request) => {
      await team.removeFavourite(me(request), request.params.id);
      return { ok: true as const };
    },
  );
};
