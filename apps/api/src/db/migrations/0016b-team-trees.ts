import { type Kysely, sql } from 'kysely';

/**
 * What the two team trees need to stay cheap at a million members with legs thousands deep.
 *
 * - `team_in_placement_downline(ancestor, node)`: jumps up from the node to the ancestor's depth through
 *   `placement_jumps` (each member's ancestors at distances 1, 2, 4, ...): O(log depth difference) primary-key
 *   lookups, 17 at most for a leg 100,000 deep, where a walk by placement_parent_id would take 100,000. A
 *   member's sponsor downline lies inside their placement downline (sign-up places a referral under its
 *   sponsor), so this is the one visibility check of both trees.
 * - `team_counts`: per member, the members in the left and right placement legs and in sponsor levels 1..5.
 *   A trigger on `members` keeps them at sign-up, inside the sign-up's transaction: O(placement depth)
 *   rows for the legs, five rows for the levels. The ancestors are locked in id order first, so two
 *   sign-ups sharing an upline queue behind each other instead of deadlocking. Bulk loaders (tests and
 *   benchmarks building huge trees) may `SET LOCAL team.skip_counts = 'on'` and write the counts themselves.
 * - `team_favourites`: the downline members a member has starred.
 * - a prefix index for the downline search by username.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Binary lifting: each member's ancestors at distances 1, 2, 4, 8 ... (jumps[i] is 2^(i-1) up). About
  // log2(depth) ids per member (17 at a depth of 100,000), written once at sign-up in O(log depth) lookups.
  await sql`
    CREATE TABLE placement_jumps (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      jumps bigint[] NOT NULL
    )`.execute(db);

  await sql`
    CREATE FUNCTION team_jumps_below(parent bigint) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
    DECLARE
      result bigint[] := '{}';
      next bigint := parent;
      i int := 0;
    BEGIN
      WHILE next IS NOT NULL LOOP
        result := result || next;
        i := i + 1;
        SELECT j.jumps[i] INTO next FROM placement_jumps j WHERE j.member_id = next;
      END LOOP;
      RETURN result;
    END
    $$`.execute(db);

  // The node's ancestor at the ancestor's depth, reached by the set bits of the depth difference.
  await sql`
    CREATE FUNCTION team_in_placement_downline(ancestor bigint, node bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
      distance int;
      cur bigint := node;
      i int := 1;
    BEGIN
      SELECT n.placement_depth - a.placement_depth INTO distance
      FROM members n, members a WHERE n.id = node AND a.id = ancestor;
      IF distance IS NULL OR distance < 0 THEN
        RETURN false;
      END IF;
      WHILE distance > 0 AND cur IS NOT NULL LOOP
        IF distance & 1 = 1 THEN
          SELECT j.jumps[i] INTO cur FROM placement_jumps j WHERE j.member_id = cur;
        END IF;
        distance := distance >> 1;
        i := i + 1;
      END LOOP;
      RETURN cur IS NOT DISTINCT FROM ancestor;
    END
    $$`.execute(db);

  // The members already there (a small tree when this runs), parents first.
  await sql`
    DO $$
    DECLARE m record;
    BEGIN
      FOR m IN SELECT id, placement_parent_id FROM members ORDER BY placement_depth, id LOOP
        INSERT INTO placement_jumps VALUES (m.id, team_jumps_below(m.placement_parent_id));
      END LOOP;
    END
    $$`.execute(db);

  await sql`
    CREATE TABLE team_counts (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      left_members bigint NOT NULL DEFAULT 0 CHECK (left_members >= 0),
      right_members bigint NOT NULL DEFAULT 0 CHECK (right_members >= 0),
      -- members at sponsor levels 1..5 below this member
      sponsor_levels bigint[] NOT NULL DEFAULT '{0,0,0,0,0}' CHECK (cardinality(sponsor_levels) = 5)
    )`.execute(db);

  // A new member's uplines: each placement ancestor with how many of the member are in its left and right
  // leg (0 or 1), and each of the first five sponsors with the member's level below it.
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
    CREATE FUNCTION team_count_new_member() RETURNS trigger LANGUAGE plpgsql AS $$
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

  // Counts of the members already there (a small tree when this runs: the demo or a fresh install).
  await sql`INSERT INTO team_counts (member_id) SELECT id FROM members`.execute(db);
  await sql`
    WITH RECURSIVE up AS (
      SELECT id AS member, placement_parent_id AS id, placement_side AS side FROM members
      WHERE placement_parent_id IS NOT NULL
      UNION ALL
      SELECT up.member, m.placement_parent_id, m.placement_side FROM members m JOIN up ON m.id = up.id
      WHERE m.placement_parent_id IS NOT NULL
    )
    UPDATE team_counts c SET
      left_members = u.lefts, right_members = u.rights
    FROM (SELECT id, count(*) FILTER (WHERE side = 'left') AS lefts, count(*) FILTER (WHERE side = 'right') AS rights
          FROM up GROUP BY id) u
    WHERE c.member_id = u.id`.execute(db);
  await sql`
    UPDATE team_counts c SET sponsor_levels = l.levels
    FROM (
      WITH RECURSIVE sp AS (
        SELECT id AS member, sponsor_id AS id, 1 AS level FROM members WHERE sponsor_id IS NOT NULL
        UNION ALL
        SELECT sp.member, m.sponsor_id, sp.level + 1 FROM members m JOIN sp ON m.id = sp.id
        WHERE m.sponsor_id IS NOT NULL AND sp.level < 5
      )
      SELECT id, ARRAY[
        count(*) FILTER (WHERE level = 1), count(*) FILTER (WHERE level = 2), count(*) FILTER (WHERE level = 3),
        count(*) FILTER (WHERE level = 4), count(*) FILTER (WHERE level = 5)] AS levels
      FROM sp GROUP BY id
    ) l
    WHERE c.member_id = l.id`.execute(db);

  await sql`
    CREATE TRIGGER members_team_counts AFTER INSERT ON members
    FOR EACH ROW EXECUTE FUNCTION team_count_new_member()`.execute(db);

  await sql`
    CREATE TABLE team_favourites (
      member_id bigint NOT NULL REFERENCES members(id),
      favourite_id bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, favourite_id),
      CHECK (member_id <> favourite_id)
    )`.execute(db);

  await sql`CREATE INDEX members_username_prefix ON members (lower(username) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_username_prefix`.execute(db);
  await sql`DROP TABLE team_favourites`.execute(db);
  await sql`DROP TRIGGER members_team_counts ON members`.execute(db);
  await sql`DROP FUNCTION team_count_new_member()`.execute(db);
  await sql`DROP FUNCTION team_uplines_of(bigint, text, bigint)`.execute(db);
  await sql`DROP TABLE team_counts`.execute(db);
  await sql`DROP FUNCTION team_in_placement_downline(bigint, bigint)`.execute(db);
  await sql`DROP FUNCTION team_jumps_below(bigint)`.execute(db);
  await sql`DROP TABLE placement_jumps`.execute(db);
}
