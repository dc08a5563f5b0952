import { type Kysely, sql } from 'kysely';

/**
 * Left and right leg member counts leave the sign-up path (decision 31).
 *
 * 0016b's trigger added every new member to each placement ancestor's `team_counts` row inside the sign-up:
 * 0.7 s at the bottom of a 20,000-deep leg, and every sign-up queued on the root's row. Now a sign-up writes
 * its own jumps and counts row and the (at most five) sponsor-level counters, nothing else. The leg counts
 * move to `member_leg_counts`, owned by the bonus runs: each run adds the members who joined since the last
 * count up the placement tree set-based, the same way it adds volumes, and moves `member_count_mark`
 * forward. The tree shows them "as of" that mark.
 *
 * The counts the old trigger kept are exact up to this migration: they are copied, and the mark set to now,
 * with sign-ups held off (SHARE lock) so none lands between the copy and the mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE members IN SHARE MODE`.execute(db);

  await sql`
    CREATE TABLE member_leg_counts (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      left_members bigint NOT NULL DEFAULT 0 CHECK (left_members >= 0),
      right_members bigint NOT NULL DEFAULT 0 CHECK (right_members >= 0)
    )`.execute(db);
  // Members who joined before counted_until are in the counts above; later ones wait for the next run.
  await sql`
    CREATE TABLE member_count_mark (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      counted_until timestamptz NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO member_leg_counts (member_id, left_members, right_members)
    SELECT member_id, left_members, right_members FROM team_counts
    WHERE left_members > 0 OR right_members > 0`.execute(db);
  await sql`INSERT INTO member_count_mark (counted_until) VALUES (now())`.execute(db);
  // A run finds the members who joined since the mark by this index, not by a scan of all members.
  await sql`CREATE INDEX members_created_at ON members (created_at)`.execute(db);

  // A new member's first five sponsors, with the member's level below each.
  await sql`
    CREATE FUNCTION team_sponsors_of(sponsor bigint) RETURNS TABLE (id bigint, level int)
    LANGUAGE sql STABLE AS $$
      WITH RECURSIVE sp AS (
        SELECT sponsor AS id, 1 AS level WHERE sponsor IS NOT NULL
        UNION ALL
        SELECT m.sponsor_id, sp.level + 1 FROM members m JOIN sp ON m.id = sp.id
        WHERE m.sponsor_id IS NOT NULL AND sp.level < 5
      )
      SELECT id, level FROM sp
    $$`.execute(db);

  // The sign-up's work: its own rows, and the sponsor levels (five rows at most, locked in id order).
  await sql`
    CREATE OR REPLACE FUNCTION team_count_new_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO placement_jumps VALUES (NEW.id, team_jumps_below(NEW.placement_parent_id));
      INSERT INTO team_counts (member_id) VALUES (NEW.id);
      IF NEW.sponsor_id IS NULL OR coalesce(current_setting('team.skip_counts', true), '') = 'on' THEN
        RETURN NULL;
      END IF;
      PERFORM 1 FROM team_counts WHERE member_id IN (SELECT s.id FROM team_sponsors_of(NEW.sponsor_id) s)
      ORDER BY member_id FOR UPDATE;
      UPDATE team_counts c SET sponsor_levels =
        c.sponsor_levels[1:s.level - 1] || (c.sponsor_levels[s.level] + 1) || c.sponsor_levels[s.level + 1:5]
      FROM team_sponsors_of(NEW.sponsor_id) s WHERE c.member_id = s.id;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`DROP FUNCTION team_uplines_of(bigint, text, bigint)`.execute(db);
  await sql`ALTER TABLE team_counts DROP COLUMN left_members, DROP COLUMN right_members`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to counters kept at sign-up, rebuilt from the counts as of the mark (later joiners are missed).
  await sql`
    ALTER TABLE team_counts
      ADD COLUMN left_members bigint NOT NULL DEFAULT 0 CHECK (left_members >= 0),
      ADD COLUMN right_members bigint NOT NULL DEFAULT 0 CHECK (right_members >= 0)`.execute(db);
  await sql`
    UPDATE team_counts c SET left_members = l.left_members, right_members = l.right_members
    FROM member_leg_counts l WHERE l.member_id = c.member_id`.execute(db);
  await sql`
    CREATE FUNCTION team_uplines_of(parent bigint, side text, sponsor bigint)
    RETURNS TABLE (id bigint, lefts bigint, rights bigint, level int)
    LANGUAGE sql STABLE AS $$
      WITH RECURSIVE up AS (
        SELECT parent AS id, side WHERE parent IS NOT NULL
        UNION ALL
        SELECT m.placement_parent_id, m.placement_side FROM members m JOIN up ON m.id = up.id
        WHERE m.placement_parent_id IS NOT NULL
      ),
      sp AS (
        SELECT sponsor AS id, 1 AS level WHERE sponsor IS NOT NULL
        UNION ALL
        SELECT m.sponsor_id, sp.level + 1 FROM members m JOIN sp ON m.id = sp.id
        WHERE m.sponsor_id IS NOT NULL AND sp.level < 5
      ),
      both_trees AS (
        SELECT id, side, NULL::int AS level FROM up UNION ALL SELECT id, NULL, level FROM sp
      )
      SELECT id, count(*) FILTER (WHERE side = 'left'), count(*) FILTER (WHERE side = 'right'), max(level)
      FROM both_trees GROUP BY id
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION team_count_new_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO placement_jumps VALUES (NEW.id, team_jumps_below(NEW.placement_parent_id));
      INSERT INTO team_counts (member_id) VALUES (NEW.id);
      IF coalesce(current_setting('team.skip_counts', true), '') = 'on' THEN
        RETURN NULL;
      END IF;
      PERFORM 1 FROM team_counts
      WHERE member_id IN (SELECT u.id FROM team_uplines_of(NEW.placement_parent_id, NEW.placement_side, NEW.sponsor_id) u)
      ORDER BY member_id FOR UPDATE;
      UPDATE team_counts c SET
        left_members = c.left_members + u.lefts,
        right_members = c.right_members + u.rights,
        sponsor_levels = CASE WHEN u.level IS NULL THEN c.sponsor_levels
          ELSE c.sponsor_levels[1:u.level - 1] || (c.sponsor_levels[u.level] + 1) || c.sponsor_levels[u.level + 1:5] END
      FROM team_uplines_of(NEW.placement_parent_id, NEW.placement_side, NEW.sponsor_id) u
      WHERE c.member_id = u.id;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`DROP FUNCTION team_sponsors_of(bigint)`.execute(db);
  await sql`DROP INDEX members_created_at`.execute(db);
  await sql`DROP TABLE member_count_mark`.execute(db);
  await sql`DROP TABLE member_leg_counts`.execute(db);
}
