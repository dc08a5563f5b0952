import { type Expression, type RawBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';

/**
 * A member's username as a column of another module's statement (the ledger's records page places it for
 * each counterparty, decision 105); null for a null id. One function for every repository, so that the
 * ledger's statements compiled with it are found again by it.
 */
const usernameColumn = (memberId: Expression<string | null>): RawBuilder<string | null> =>
  sql<string | null>`(SELECT u.username FROM members u WHERE u.id = ${memberId})`;

/** Kysely queries over members: lookups and the placement tree. */
export function createMembersRepository(db: Db) {
  /**
   * What a member's profile shows, without the password hashes: GET /api/me reads these, so a profile read
   * never brings a hash into the app (and pg does not parse two 97-character strings per read).
   */
  const profileColumns = [
    'id',
    'username',
    'email',
    'mobile',
    'full_name',
    sql<boolean>`transaction_password_hash IS NOT NULL`.as('has_transaction_password'),
    'role',
    'sponsor_id',
    'placement_parent_id',
    'placement_side',
    'placement_depth',
    // kept by the bonus runs outside this row (migration 0023, decision 37)
    sql<string>`member_rank(id)`.as('rank'),
    'language',
    'created_at',
  ] as const;
  /** The whole member: the profile and the hashes that sign-in and the step-ups verify against. */
  const columns = [...profileColumns, 'password_hash', 'transaction_password_hash'] as const;

  /** GET /api/me's statement, built and compiled once per KYC column (decision 87; `findWithNames`). */
  const withNamesQuery = <S extends string>(kycStatus: (memberId: Expression<string>) => RawBuilder<S>) =>
    compiledOnce(db, (p: { id: string }) =>
      db
        .selectFrom('members')
        .select(profileColumns)
        .select((eb) => [
          eb
            .selectFrom('members as s')
            .select('s.username')
            .whereRef('s.id', '=', 'members.sponsor_id')
            .as('sponsor_username'),
          eb
            .selectFrom('members as p')
            .select('p.username')
            .whereRef('p.id', '=', 'members.placement_parent_id')
            .as('placement_username'),
          kycStatus(eb.ref('members.id')).as('kyc_status'),
        ])
        .where('members.id', '=', p.id),
    );
  type WithNames<S extends string> = ReturnType<typeof withNamesQuery<S>>;
  const withNames = new WeakMap<object, unknown>();

  return {
    findById: (id: string) =>
      db.selectFrom('members').select(columns).where('id', '=', id).executeTakeFirst(),

    /**
     * A member with the usernames of their sponsor and placement parent and their KYC status (the KYC
     * module's column over the member's id), in one statement (GET /api/me).
     */
    findWithNames: <S extends string>(
      id: string,
      kycStatus: (memberId: Expression<string>) => RawBuilder<S>,
    ) => {
      let query = withNames.get(kycStatus) as WithNames<S> | undefined;
      if (!query) {
        query = withNamesQuery(kycStatus);
        withNames.set(kycStatus, query);
      }
      return query.executeTakeFirst({ id });
    },

    /**
     * The member's transaction password hash beside other modules' columns over the member's id, in one
     * statement: what a money request's password check reads (the hold in force, the lock; decision 83).
     * The other modules keep their SQL; this only places it.
     */
    findTransactionPasswordHash: <C extends Record<string, RawBuilder<unknown>>>(
      id: string,
      columnsOf: (memberId: Expression<string>) => C,
    ) =>
      db
        .selectFrom('members')
        .select('transaction_password_hash')
        .select((eb) =>
          Object.entries(columnsOf(eb.ref('members.id'))).map(([name, column]) => column.as(name)),
        )
        .where('id', '=', id)
        // Kysely cannot name columns chosen by the caller's keys; the shape is C's, column for column.
        .executeTakeFirst() as Promise<
        | ({ transaction_password_hash: string | null } & {
            [K in keyof C]: C[K] extends RawBuilder<infer V> ? V : never;
          })
        | undefined
      >,

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

    usernameColumn,

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

    /**
     * Everything a sign-up's placement depends on, in one statement (one round trip, not four): the sponsor
     * and the placement member by username, whether the placement lies in the sponsor's placement downline
     * (`team_in_placement_downline`, below), and which of its sides are taken. A name that matches no one
     * comes back null; the caller decides which refusal that is.
     */
    placementCheck: async (sponsor: string, placement: string) => {
      const result = await sql<{
        sponsor_id: string | null;
        sponsor_role: string | null;
        placement_id: string | null;
        placement_username: string | null;
        placement_role: string | null;
        placement_depth: number | null;
        in_downline: boolean | null;
        taken: Array<'left' | 'right'> | null;
      }>`
        SELECT s.id::text AS sponsor_id, s.role AS sponsor_role, p.id::text AS placement_id,
          p.username AS placement_username, p.role AS placement_role, p.placement_depth,
          CASE WHEN s.id IS NOT NULL AND p.id IS NOT NULL THEN team_in_placement_downline(s.id, p.id) END
            AS in_downline,
          ARRAY(SELECT c.placement_side FROM members c WHERE c.placement_parent_id = p.id) AS taken
        FROM (VALUES (1)) AS one (x)
        LEFT JOIN members s ON lower(s.username) = ${sponsor.trim().toLowerCase()}
        LEFT JOIN members p ON lower(p.username) = ${placement.trim().toLowerCase()}`.execute(db);
      const r = result.rows[0]!;
      return {
        sponsor: r.sponsor_id === null ? null : { id: r.sponsor_id, role: r.sponsor_role! },
        placement:
          r.placement_id === null
            ? null
            : {
                id: r.placement_id,
                username: r.placement_username!,
                role: r.placement_role!,
                depth: r.placement_depth!,
              },
        inDownline: r.in_downline === true,
        takenSides: new Set(r.taken ?? []),
      };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['findById']>>>;
/** A member as their profile shows them (`profileColumns`): no password hashes. */
export type MemberProfileRow = Omit<MemberRow, 'password_hash' | 'transaction_password_hash'>;
