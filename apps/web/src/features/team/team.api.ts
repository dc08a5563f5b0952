import { TeamEndpoints, type TPlacementTreeQuery } from '@app/contracts';
import { api } from '../../app/api';

/** Everything under `team` is refreshed when a favourite changes (it shows in every list). */
export const teamKeys = {
  all: ['team'] as const,
  tree: (node: string | null, levels: number) => ['team', 'tree', node, levels] as const,
  referrals: (of: string | null) => ['team', 'referrals', of] as const,
  levels: ['team', 'levels'] as const,
  level: (level: number) => ['team', 'level', level] as const,
  search: (q: string) => ['team', 'search', q] as const,
  favourites: ['team', 'favourites'] as const,
};

export const teamApi = {
  tree: (query: Partial<TPlacementTreeQuery>, signal?: AbortSignal) =>
    api.call(TeamEndpoints.teamPlacementTree, { query, signal }),
  referrals: (of: string | null, page: number, pageSize: number) =>
    api.call(TeamEndpoints.teamReferrals, { query: { page, pageSize, ...(of ? { of } : {}) } }),
  levels: (signal?: AbortSignal) => api.call(TeamEndpoints.teamLevels, { signal }),
  level: (level: number, page: number, pageSize: number) =>
    api.call(TeamEndpoints.teamLevelMembers, { query: { level, page, pageSize } }),
  search: (q: string, signal?: AbortSignal) => api.call(TeamEndpoints.teamSearch, { query: { q }, signal }),
  favourites: (page: number, pageSize: number) =>
    api.call(TeamEndpoints.teamFavourites, { query: { page, pageSize } }),
  addFavourite: (memberId: string) => api.call(TeamEndpoints.postTeamFavourites, { body: { memberId } }),
  removeFavourite: (memberId: string) => api.call(TeamEndpoints.teamFavourite, { params: { id: memberId } }),
};
