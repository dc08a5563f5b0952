import {
  type TEmptySlot,
  TeamLimits,
  type TPlacementTree,
  type TPlacementTreeQuery,
  type TReferralsQuery,
  type TSponsorLevelQuery,
  type TSponsorLevels,
  type TTeamMember,
  type TTeamMembers,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { createTeamRepository, type ListedRow } from './team.repository';

/**
 * Left and right leg member counts and volumes per member, from whoever counts them (the bonus runs,
 * `team-bonuses/leg-totals.ts`), with the time up to which members are counted.
 */
export type LegTotals = (memberIds: string[]) => Promise<{
  countedUntil: Date | null;
  byMember: Map<
    string,
    { leftMembers: number; rightMembers: number; volumes: { left: string; right: string } | null }
  >;
}>;

export interface TeamServiceDeps {
  db: Db;
  legTotals: LegTotals;
}

/** How many username-prefix matches a search looks at, across the whole tree, before giving up. */
const SEARCH_SCAN = 1000;
const sides = ['left', 'right'] as const;

const memberOf = (row: ListedRow): TTeamMember => ({
  id: row.id,
  username: row.username,
  rank: row.rank,
  joinedAt: row.created_at.toISOString(),
  referrals: Number(row.referrals),
  favourite: row.favourite,
});

/** The member's placement and sponsor trees, limited to their own downline. */
export function createTeamService({ db, legTotals }: TeamServiceDeps) {
  const repo = createTeamRepository(db);

  /** A node the member may see: themself or one of their placement downline; anything else is not found. */
  async function assertVisible(viewerId: string, nodeId: string): Promise<void> {
    if (nodeId !== viewerId && !(await repo.inDownline(viewerId, nodeId))) {
      throw new AppError('TEAM_MEMBER_NOT_FOUND');
    }
  }

  async function placementTree(viewerId: string, query: TPlacementTreeQuery): Promise<TPlacementTree> {
    const topId = query.node ?? viewerId;
    // No rows: the node is not the viewer's to see (or does not exist).
    const rows = await repo.visibleSubtree(viewerId, topId, query.levels);
    const sponsor = rows[0]?.viewer_username;
    if (sponsor === undefined) throw new AppError('TEAM_MEMBER_NOT_FOUND');
    const legs = await legTotals(rows.map((r) => r.id));

    const taken = new Set(rows.map((r) => `${r.placement_parent_id}:${r.placement_side}`));
    const slots: TEmptySlot[] = rows
      .filter((r) => r.level < query.levels - 1)
      .flatMap((r) =>
        sides
          .filter((side) => !taken.has(`${r.id}:${side}`))
          .map((side) => ({ parentId: r.id, level: r.level + 1, side, sponsor, placement: r.username })),
      );
    const top = rows[0];
    const upId = topId === viewerId || !top ? null : top.placement_parent_id;
    return {
      levels: query.levels,
      selfId: viewerId,
      upId,
      countsAsOf: legs.countedUntil?.toISOString() ?? null,
      slots,
      nodes: rows.map((r) => ({
        id: r.id,
        username: r.username,
        rank: r.rank,
        joinedAt: r.created_at.toISOString(),
        parentId: r.level === 0 ? null : r.placement_parent_id,
        side: r.level === 0 ? null : r.placement_side,
        level: r.level,
        leftMembers: legs.byMember.get(r.id)?.leftMembers ?? 0,
        rightMembers: legs.byMember.get(r.id)?.rightMembers ?? 0,
        volumes: legs.byMember.get(r.id)?.volumes ?? null,
      })),
    };
  }

  async function referrals(viewerId: string, query: TReferralsQuery): Promise<TTeamMembers> {
    const of = query.of ?? viewerId;
    await assertVisible(viewerId, of);
    const rows = await repo.referrals(viewerId, of, query.pageSize, (query.page - 1) * query.pageSize);
    return { items: rows.map(memberOf), page: query.page, pageSize: query.pageSize };
  }

  async function sponsorLevels(viewerId: string): Promise<TSponsorLevels> {
    const counts = await repo.sponsorLevels(viewerId);
    return {
      levels: Array.from({ length: TeamLimits.sponsorLevels }, (_, i) => ({
        level: i + 1,
        members: Number(counts[i] ?? 0),
      })),
    };
  }

  async function sponsorLevel(viewerId: string, query: TSponsorLevelQuery): Promise<TTeamMembers> {
    const rows = await repo.sponsorLevel(
      viewerId,
      query.level,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return { items: rows.map(memberOf), page: query.page, pageSize: query.pageSize };
  }

  async function search(viewerId: string, q: string): Promise<{ items: TTeamMember[] }> {
    const byId = q.startsWith('#');
    const text = byId ? q.slice(1) : q;
    const id = /^[1-9][0-9]{0,17}$/.test(text) ? text : null;
    const rows = await repo.search(viewerId, byId ? null : text, id, TeamLimits.searchResults, SEARCH_SCAN);
    return { items: rows.map(memberOf) };
  }

  async function addFavourite(viewerId: string, memberId: string): Promise<void> {
    if (memberId === viewerId) throw new AppError('TEAM_MEMBER_NOT_FOUND');
    await assertVisible(viewerId, memberId);
    await repo.addFavourite(viewerId, memberId);
  }

  async function removeFavourite(viewerId: string, memberId: string): Promise<void> {
    if (!(await repo.removeFavourite(viewerId, memberId))) throw new AppError('TEAM_MEMBER_NOT_FOUND');
  }

  async function favourites(viewerId: string, page: number, pageSize: number): Promise<TTeamMembers> {
    const rows = await repo.favourites(viewerId, pageSize, (page - 1) * pageSize);
    return { items: rows.map(memberOf), page, pageSize };
  }

  return {
    placementTree,
    referrals,
    sponsorLevels,
    sponsorLevel,
    search,
    addFavourite,
    removeFavourite,
    favourites,
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
