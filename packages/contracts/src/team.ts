import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zPage } from './common';

/**
 * The two team trees: the binary placement tree (gettree, getgroupinfo2) and the sponsor tree (downlinelist,
 * singlelevel2, fivelevel, searchdownline/searchuserid/searchmember, favourites). A member sees only their
 * own downline; any other node answers TEAM_MEMBER_NOT_FOUND, whether it exists or not.
 */

export const TeamLimits = {
  treeLevelsDefault: 3,
  treeLevelsMax: 4,
  sponsorLevels: 5,
  searchResults: 20,
} as const;

/** Member ids are bigints, as decimal strings. */
export const ZMemberId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'TEAM_MEMBER_NOT_FOUND');

export const ZPlacementTreeQuery = z.object({
  /** The node at the top of the view; the member themself when absent. */
  node: ZMemberId.optional(),
  levels: z.coerce.number().int().min(1).max(TeamLimits.treeLevelsMax).default(TeamLimits.treeLevelsDefault),
});
export type TPlacementTreeQuery = z.infer<typeof ZPlacementTreeQuery>;

/** Left and right leg volumes, minor units as decimal strings; null until the bonus runs have counted any. */
export const ZLegVolumes = z.object({ left: z.string(), right: z.string() }).nullable();

export const ZTreeNode = z.object({
  id: ZMemberId,
  username: z.string(),
  rank: z.string(),
  joinedAt: ZTimestamp,
  /** null for the view's top node. */
  parentId: ZMemberId.nullable(),
  side: z.enum(['left', 'right']).nullable(),
  /** 0 for the top node of the view. */
  level: z.number().int(),
  leftMembers: z.number().int(),
  rightMembers: z.number().int(),
  volumes: ZLegVolumes,
});
export type TTreeNode = z.infer<typeof ZTreeNode>;

/** A free place under a shown node: what sign-up needs to fill it. */
export const ZEmptySlot = z.object({
  parentId: ZMemberId,
  level: z.number().int(),
  side: z.enum(['left', 'right']),
  sponsor: z.string(),
  placement: z.string(),
});
export type TEmptySlot = z.infer<typeof ZEmptySlot>;

export const ZPlacementTree = z.object({
  levels: z.number().int(),
  nodes: z.array(ZTreeNode),
  slots: z.array(ZEmptySlot),
  /** The top node's parent, when the member may go up to it (never above their own position). */
  upId: ZMemberId.nullable(),
  selfId: ZMemberId,
  /**
   * Leg member counts and volumes are the bonus runs' (decision 31): members who joined before this time
   * are counted; null before any count.
   */
  countsAsOf: ZTimestamp.nullable(),
});
export type TPlacementTree = z.infer<typeof ZPlacementTree>;

export const ZTeamMember = z.object({
  id: ZMemberId,
  username: z.string(),
  rank: z.string(),
  joinedAt: ZTimestamp,
  /** Their own direct referrals. */
  referrals: z.number().int(),
  favourite: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZReferralsQuery = ZPageQuery.extend({
  /** Whose direct referrals: the member themself when absent, else one of their downline. */
  of: ZMemberId.optional(),
});
export type TReferralsQuery = z.infer<typeof ZReferralsQuery>;
export const ZTeamMembers = zPage(ZTeamMember);
export type TTeamMembers = z.infer<typeof ZTeamMembers>;

export const ZSponsorLevels = z.object({
  levels: z.array(z.object({ level: z.number().int(), members: z.number().int() })),
});
export type TSponsorLevels = z.infer<typeof ZSponsorLevels>;

export const ZSponsorLevelQuery = ZPageQuery.extend({
  level: z.coerce.number().int().min(1).max(TeamLimits.sponsorLevels),
});
export type TSponsorLevelQuery = z.infer<typeof ZSponsorLevelQuery>;

/**
 * A downline search: a username prefix (usernames are letters and digits only, so no wildcard can pass) or
 * an exact member id written `#123`, or digits matching a username prefix as well as an id.
 */
export const ZTeamSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .regex(/^#?[A-Za-z0-9]{1,15}$/, 'TEAM_SEARCH_INVALID'),
});
export type TTeamSearchQuery = z.infer<typeof ZTeamSearchQuery>;
export const ZTeamSearchResult = z.object({ items: z.array(ZTeamMember) });
export type TTeamSearchResult = z.infer<typeof ZTeamSearchResult>;

export const ZTeamFavouriteRequest = z.object({ memberId: ZMemberId });
export type TTeamFavouriteRequest = z.infer<typeof ZTeamFavouriteRequest>;
export const ZTeamFavouriteParams = z.object({ id: ZMemberId });
