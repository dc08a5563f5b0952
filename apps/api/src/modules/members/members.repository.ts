import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Kysely queries over members: lookups and the placement tree. */
export function createMembersRepository(db: Db) {
  const columns = [
    'id',
    'username',
    'email',
    'mobile',
    'full_name',
    'password_hash',
    'transaction_password_hash',
    'role',
    'sponsor_id',
    'placement_parent_id',
    'placement_side',
    'placement_depth',
    // kept by the bonus runs outside this row (migration 0023, decision 37)
    sql<string>`member_rank(id)`.as('rank'),
    'language',
    'locked_until',
    'created_at',
  ] as const;

  return {
    findById: (id: string) =>
      db.selectFrom('members').select(columns).where('id', '=', id).executeTakeFirst(),

    findByUsername: (username: string) =>
      db
        .selectFrom('members')
        .select(columns)
        .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
        .executeTakeFirst(),

    /** Login takes a username or an email address. */
    findByLogin: (login: string) => {
      const value = login.trim().toLowerCase();
      return db
        .selectFrom('members')
        .select(columns)
        .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', value), eb('email', '=', value)]))
        .executeTakeFirst();
    },

    usernamesOf: async (ids: string[]) => {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    contactTaken: async (contact: { email?: string; mobile?: string }) => {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where((eb) =>
          contact.email ? eb('email', '=', contact.email) : eb('mobile', '=', contact.mobile ?? ''),
        )
        .executeTakeFirst();
      return Boolean(row);
    },

    takenSides: async (parentId: string) => {
      const rows = await db
        .selectFrom('members')
        .select('placement_side')
        .where('placement_parent_id', '=', parentId)
        .execute();
      return new Set(rows.map((r) => r.placement_side));
    },

    /**
     * Whether `nodeId` is `ancestorId` or lies below it in the placement tree: the team trees' own check
     * (`team_in_placement_downline`, migration 0016b), which jumps up by powers of two through
     * `placement_jumps`, so it costs O(log depth difference) lookups, not one per level.
     */
    isInPlacementDownline: async (ancestorId: string, nodeId: string) => {
      const result = await sql<{ found: boolean }>`
        SELECT team_in_placement_downline(${ancestorId}, ${nodeId}) AS found`.execute(db);
      return result.rows[0]?.found === true;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['findById']>>>;
