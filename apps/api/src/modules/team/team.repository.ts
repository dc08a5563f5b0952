import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { likePrefix } from '../../platform/like';
import { memberRankSql } from '../team-bonuses/member-rank-sql';

/** A member as the placement tree shows them (leg totals come from the bonus runs, decision 31). */
export interface TeamRow {
  id: string;
  username: string;
  rank: string;
  created_at: Date;
  placement_parent_id: string | null;
  placement_side: 'left' | 'right' | null;
  level: number;
}

export interface ListedRow {
  id: string;
  username: string;
  rank: string;
  created_at: Date;
  referrals: string;
  favourite: boolean;
}

const listed = (viewerId: string) => sql<ListedRow>`
  m.id, m.username, ${memberRankSql(sql.ref('m.id'))} AS rank, m.created_at,
  (SELECT count(*) FROM members r WHERE r.sponsor_id = m.id) AS referrals,
  EXISTS (SELECT 1 FROM team_favourites f WHERE f.member_id = ${viewerId} AND f.favourite_id = m.id) AS favourite`;

/** SQL of the two trees. Every query is bounded by the view (levels, a page), never by the tree's size. */
export function createTeamRepository(db: Db) {
  return {
    /**
     * Whether `nodeId` is `ancestorId` or lies below it in the placement tree (`team_in_placement_downline`,
     * migration 0016b): it jumps up by powers of two through `placement_jumps`, so it costs O(log depth
     * difference) lookups, not one per level.
     */
    inDownline: async (ancestorId: string, nodeId: string): Promise<boolean> => {
      const r = await sql<{ found: boolean }>`
        SELECT team_in_placement_downline(${ancestorId}, ${nodeId}) AS found`.execute(db);
      return r.rows[0]?.found === true;
    },

    /**
     * The node and its placement levels, `levels` in all (at most 2^levels - 1 rows), left to right per
     * level, if the viewer may see the node (themself or their placement downline); no rows otherwise. Each
     * row carries the viewer's username (the sponsor of every empty slot). One statement, where the check,
     * the subtree and the name were three round trips: the tree view is the team's most frequent read.
     */
    visibleSubtree: async (
      viewerId: string,
      topId: string,
      levels: number,
    ): Promise<Array<TeamRow & { viewer_username: string }>> => {
      const r = await sql<TeamRow & { viewer_username: string }>`
        WITH RECURSIVE down AS (
          SELECT id, 0 AS level, '' AS path FROM members
          WHERE id = ${topId}
            AND (${topId}::bigint = ${viewerId}::bigint OR team_in_placement_downline(${viewerId}, ${topId}))
          UNION ALL
          SELECT m.id, down.level + 1, down.path || CASE m.placement_side WHEN 'left' THEN '0' ELSE '1' END
          FROM members m JOIN down ON m.placement_parent_id = down.id
          WHERE down.level < ${levels - 1}
        )
        SELECT m.id, m.username, ${memberRankSql(sql.ref('m.id'))} AS rank, m.created_at, m.placement_parent_id,
          m.placement_side, down.level, (SELECT v.username FROM members v WHERE v.id = ${viewerId}) AS viewer_username
        FROM down JOIN members m ON m.id = down.id
        ORDER BY down.level, down.path`.execute(db);
      return r.rows;
    },

    parentOf: async (id: string) =>
      db.selectFrom('members').select(['placement_parent_id']).where('id', '=', id).executeTakeFirst(),

    sponsorLevels: async (id: string): Promise<string[]> => {
      const r = await db
        .selectFrom('team_counts')
        .select('sponsor_levels')
        .where('member_id', '=', id)
        .executeTakeFirst();
      return r?.sponsor_levels ?? [];
    },

    /** A page of a member's direct referrals, oldest first (the sponsor index). */
    referrals: async (viewerId: string, sponsorId: string, limit: number, offset: number) => {
      const r = await sql<ListedRow>`
        SELECT ${listed(viewerId)} FROM members m WHERE m.sponsor_id = ${sponsorId}
        ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return r.rows;
    },

    /**
     * A page of the members `level` sponsor levels below a member. The walk covers the member's first
     * levels only (at most five), so its cost is their team's size down to that level, not the tree's.
     */
    sponsorLevel: async (viewerId: string, level: number, limit: number, offset: number) => {
      const r = await sql<ListedRow>`
        WITH RECURSIVE down AS (
          SELECT id, 0 AS level FROM members WHERE id = ${viewerId}
          UNION ALL
          SELECT m.id, down.level + 1 FROM members m JOIN down ON m.sponsor_id = down.id
          WHERE down.level < ${level}
        )
        SELECT ${listed(viewerId)} FROM down JOIN members m ON m.id = down.id
        WHERE down.level = ${level} ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return r.rows;
    },

    /**
     * Downline members whose username starts with `prefix` (or whose id is `id`): the prefix index gives the
     * candidates in name order, each kept only if it is in the viewer's downline, until `limit` are found.
     * At most `scan` candidates are looked at, so a short prefix over a huge tree stays bounded.
     */
    search: async (
      viewerId: string,
      prefix: string | null,
      id: string | null,
      limit: number,
      scan: number,
    ) => {
      const pattern = prefix === null ? null : likePrefix(prefix.toLowerCase());
      const r = await sql<ListedRow>`
        SELECT ${listed(viewerId)} FROM (
          SELECT id FROM members WHERE ${id}::bigint IS NOT NULL AND id = ${id}::bigint AND id <> ${viewerId}
          UNION
          (SELECT id FROM members
           WHERE ${pattern}::text IS NOT NULL AND lower(username) LIKE ${pattern} AND id <> ${viewerId}
           ORDER BY lower(username) LIMIT ${scan})
        ) c JOIN members m ON m.id = c.id
        WHERE team_in_placement_downline(${viewerId}, m.id)
        ORDER BY lower(m.username) LIMIT ${limit}`.execute(db);
      return r.rows;
    },

    addFavourite: async (memberId: string, favouriteId: string) => {
      await db
        .insertInto('team_favourites')
        .values({ member_id: memberId, favourite_id: favouriteId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    removeFavourite: async (memberId: string, favouriteId: string) => {
      const r = await db
        .deleteFrom('team_favourites')
        .where('member_id', '=', memberId)
        .where('favourite_id', '=', favouriteId)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },

    favourites: async (viewerId: string, limit: number, offset: number) => {
      const r = await sql<ListedRow>`
        SELECT ${listed(viewerId)} FROM team_favourites f JOIN members m ON m.id = f.favourite_id
        WHERE f.member_id = ${viewerId} ORDER BY f.created_at DESC, m.id LIMIT ${limit} OFFSET ${offset}`.execute(
        db,
      );
      return r.rows;
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
