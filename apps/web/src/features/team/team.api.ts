import {
  Paths,
  type TPlacementTreeQuery,
  ZOk,
  ZPlacementTree,
  ZSponsorLevels,
  ZTeamMembers,
  ZTeamSearchResult,
} from '@app/contracts';
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

const favourite = (id: string) => Paths.teamFavourite.replace(':id', encodeURIComponent(id));

export const teamApi = {
  tree: (query: Partial<TPlacementTreeQuery>, signal?: AbortSignal) =>
    api.get(Paths.teamPlacementTree, ZPlacementTree, { query, signal }),
  referrals: (of: string | null, page: number, pageSize: number) =>
    api.get(Paths.teamReferrals, ZTeamMembers, { query: { page, pageSize, ...(of ? { of } : {}) } }),
  levels: (signal?: AbortSignal) => api.get(Paths.teamLevels, ZSponsorLevels, { signal }),
  level: (level: number, page: number, pageSize: number) =>
    api.get(Paths.teamLevelMembers, ZTeamMembers, { query: { level, page, pageSize } }),
  search: (q: string, signal?: AbortSignal) =>
    api.get(Paths.teamSearch, ZTeamSearchResult, { query: { q }, signal }),
  favourites: (page: number, pageSize: number) =>
    api.get(Paths.teamFavourites, ZTeamMembers, { query: { page, pageSize } }),
  addFavourite: (memberId: string) => api.post(Paths.teamFavourites, ZOk, { memberId }),
  removeFavourite: (memberId: string) => api.delete(favourite(memberId), ZOk),
};
