import { ZOk, ZPageQuery } from '../common';
import { defineEndpoint } from '../endpoint';
import {
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
} from '../team';

/** The operations registered by apps/api/src/modules/team/team.routes.ts. */
export const TeamEndpoints = {
  teamPlacementTree: defineEndpoint({
    method: 'GET',
    path: '/api/team/placement-tree',
    query: ZPlacementTreeQuery,
    response: ZPlacementTree,
  }),
  teamReferrals: defineEndpoint({
    method: 'GET',
    path: '/api/team/referrals',
    query: ZReferralsQuery,
    response: ZTeamMembers,
  }),
  teamLevels: defineEndpoint({ method: 'GET', path: '/api/team/levels', response: ZSponsorLevels }),
  teamLevelMembers: defineEndpoint({
    method: 'GET',
    path: '/api/team/levels/members',
    query: ZSponsorLevelQuery,
    response: ZTeamMembers,
  }),
  teamSearch: defineEndpoint({
    method: 'GET',
    path: '/api/team/search',
    query: ZTeamSearchQuery,
    response: ZTeamSearchResult,
  }),
  teamFavourites: defineEndpoint({
    method: 'GET',
    path: '/api/team/favourites',
    query: ZPageQuery,
    response: ZTeamMembers,
  }),
  postTeamFavourites: defineEndpoint({
    method: 'POST',
    path: '/api/team/favourites',
    body: ZTeamFavouriteRequest,
    response: ZOk,
  }),
  teamFavourite: defineEndpoint({
    method: 'DELETE',
    path: '/api/team/favourites/:id',
    params: ZTeamFavouriteParams,
    response: ZOk,
  }),
};
