import { type Kysely, sql } from 'kysely';

/**
 * Team speed (decision 39).
 *
 * 1. `member_rank(id)` in PL/pgSQL. Migration 0023 wrote it in SQL, expecting the planner to
 * inline it; it never did (a scalar SQL function is inlined only without a sub-select, and this one is a
 * sub-select), so every query that named it parsed and planned its body again: 0.12 ms per query on the
 * bench's million members (pgbench, prepared), about the cost of the lookup it served, on every signed-in
 * request (the members repository reads the rank with the member) and every tree view. PL/pgSQL keeps its
 * plan for the session: 0.02 ms. Same answer: the member's `member_ranks` row, or the lowest rank.
 * 2. `member_volumes` keeps room on each page: a run rewrites the row of every member whose volumes moved
 *    (356,225 of a million in the bench), and with room on the page the new version stays there and writes
 *    no index entry (HOT). New pages only; existing ones gain room as they are rewritten.
 * 3. `team_counts` too: every sign-up adds itself to its first five sponsors' level counters, five row
 *    updates that, on full pages, each wrote a new primary-key entry inside the sign-up's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION member_rank(member bigint) RETURNS text LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN coalesce((SELECT r.rank FROM member_ranks r WHERE r.member_id = member), 'Fans');
    END
    $$`.execute(db);
  await sql`ALTER TABLE member_volumes SET (fillfactor = 70)`.execute(db);
  await sql`ALTER TABLE team_counts SET (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_counts RESET (fillfactor)`.execute(db);
  await sql`ALTER TABLE member_volumes RESET (fillfactor)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION member_rank(member bigint) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT r.rank FROM member_ranks r WHERE r.member_id = member), 'Fans')
    $$`.execute(db);
}
