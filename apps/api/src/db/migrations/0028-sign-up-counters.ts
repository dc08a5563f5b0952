import { type Kysely, sql } from 'kysely';

/**
 * The sign-up trigger walks the new member's sponsor chain once and locks each counter by updating it
 * (decision 40).
 *
 * 0018's trigger evaluated `team_sponsors_of` twice (once to lock the five rows in id order, once to update
 * them) and so wrote ten records for five counters: a row lock, then the update of the same row. Updating
 * the rows one by one in ascending id order takes the same locks in the same order, so two sign-ups that
 * share sponsors still cannot deadlock, with half the records and one walk. The counters it keeps are
 * unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION team_count_new_member() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sponsor record;
    BEGIN
      INSERT INTO placement_jumps VALUES (NEW.id, team_jumps_below(NEW.placement_parent_id));
      INSERT INTO team_counts (member_id) VALUES (NEW.id);
      IF NEW.sponsor_id IS NULL OR coalesce(current_setting('team.skip_counts', true), '') = 'on' THEN
        RETURN NULL;
      END IF;
      FOR sponsor IN SELECT s.id, s.level FROM team_sponsors_of(NEW.sponsor_id) s ORDER BY s.id LOOP
        UPDATE team_counts SET sponsor_levels[sponsor.level] = sponsor_levels[sponsor.level] + 1
        WHERE member_id = sponsor.id;
      END LOOP;
      RETURN NULL;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
}
