import { type Kysely, sql } from 'kysely';

/**
 * The daily bonus run at a million members (decision 37), measured with `npm run bench:team`.
 *
 * 1. The run's own tables lose their foreign keys: `bonus_run_members`, `rank_history`, `bonus_payouts`
 *    (member, run and currency) and `member_volumes` (member, last run). Each is written only by the run's
 *    compute statements, from member ids read out of `members` in the same transaction and the run row that
 *    transaction holds locked; no code deletes a member or a run, and the payout currency is resolved from
 *    `currencies` before compute. The checks (one query and one row lock per written row on `members`) were
 *    3.2 s of the 4.1 s of the run lines and most of `member_volumes`' 5.6 s.
 * 2. `bonus_payout_id` keeps its result (same digest, same uuid bits) but is PL/pgSQL: the SQL function with
 *    a FROM clause was never inlined and cost 15 us a call, 0.8 s of the 56,253 payouts (now 2.7 us).
 * 3. Marking a payout paid becomes a HOT update (no index entry written): the unpaid partial index, whose
 *    predicate reads `paid_at`, is replaced by (run_id, id), which the payment's cursor walks in order, and
 *    the table keeps room on each page for the paid version (fillfactor).
 * 4. A member's rank leaves `members` for `member_ranks` (a row per member a run has ranked; none means the
 *    lowest rank, Fans, the column's old default), read through `member_rank(id)`. The run's rank update
 *    was a non-HOT update of `members` (eight indexes): 3.3 s for 100,000 changed ranks on a quiet machine,
 *    10.5 s under load; a narrow upsert instead. The copy below runs in the migration's transaction.
 * 5. `ledger_accounts` keeps room on each page too: a bonus run credits tens of thousands of accounts once
 *    each, every credit an update of the account's totals; with free room it stays on its page and writes
 *    no index entry (HOT). New pages only; existing ones gain room as they are rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, constraint] of [
    ['bonus_run_members', 'bonus_run_members_member_id_fkey'],
    ['bonus_run_members', 'bonus_run_members_run_id_fkey'],
    ['rank_history', 'rank_history_member_id_fkey'],
    ['rank_history', 'rank_history_run_id_fkey'],
    ['bonus_payouts', 'bonus_payouts_member_id_fkey'],
    ['bonus_payouts', 'bonus_payouts_run_id_fkey'],
    ['bonus_payouts', 'bonus_payouts_currency_fkey'],
    ['member_volumes', 'member_volumes_member_id_fkey'],
    ['member_volumes', 'member_volumes_last_run_id_fkey'],
  ] as const) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(constraint)}`.execute(db);
  }

  await sql`
    CREATE OR REPLACE FUNCTION bonus_payout_id(run_id bigint, member_id bigint, kind text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT AS $$
    DECLARE
      h bytea := sha256(convert_to('bonus:' || run_id || ':' || member_id || ':' || kind, 'UTF8'));
    BEGIN
      -- the first 16 bytes of the digest with the version (8) and variant (10xx) bits set
      RETURN encode(set_byte(set_byte(substring(h FROM 1 FOR 16), 6, (get_byte(h, 6) & 15) | 128),
        8, (get_byte(h, 8) & 63) | 128), 'hex')::uuid;
    END
    $$`.execute(db);

  await sql`
    CREATE TABLE member_ranks (
      member_id bigint PRIMARY KEY,
      rank text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO member_ranks (member_id, rank) SELECT id, rank FROM members WHERE rank <> 'Fans'`.execute(
    db,
  );
  await sql`ALTER TABLE members DROP COLUMN rank`.execute(db);
  // A primary-key lookup per member shown. (Not inlined by the planner after all: 0027 rewrites it.)
  await sql`
    CREATE FUNCTION member_rank(member bigint) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT r.rank FROM member_ranks r WHERE r.member_id = member), 'Fans')
    $$`.execute(db);

  await sql`DROP INDEX bonus_payouts_unpaid`.execute(db);
  await sql`CREATE INDEX bonus_payouts_run ON bonus_payouts (run_id, id)`.execute(db);
  await sql`ALTER TABLE bonus_payouts SET (fillfactor = 80)`.execute(db);
  await sql`ALTER TABLE ledger_accounts SET (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts RESET (fillfactor)`.execute(db);
  await sql`ALTER TABLE bonus_payouts RESET (fillfactor)`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN rank text NOT NULL DEFAULT 'Fans'`.execute(db);
  await sql`UPDATE members m SET rank = r.rank FROM member_ranks r WHERE r.member_id = m.id`.execute(db);
  await sql`DROP FUNCTION member_rank(bigint)`.execute(db);
  await sql`DROP TABLE member_ranks`.execute(db);
  await sql`DROP INDEX bonus_payouts_run`.execute(db);
  await sql`CREATE INDEX bonus_payouts_unpaid ON bonus_payouts (run_id) WHERE paid_at IS NULL`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bonus_payout_id(run_id bigint, member_id bigint, kind text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT (substr(h, 1, 12) || '8' || substr(h, 14, 3)
        || to_hex(((('x' || substr(h, 17, 1))::bit(4)::int) & 3) | 8) || substr(h, 18, 15))::uuid
      FROM (SELECT encode(sha256(convert_to('bonus:' || run_id || ':' || member_id || ':' || kind, 'UTF8')), 'hex') AS h) d
    $$`.execute(db);
  await sql`ALTER TABLE member_volumes ADD FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
  await sql`ALTER TABLE member_volumes ADD FOREIGN KEY (last_run_id) REFERENCES bonus_runs(id)`.execute(db);
  await sql`ALTER TABLE bonus_payouts ADD FOREIGN KEY (currency) REFERENCES currencies(code)`.execute(db);
  await sql`ALTER TABLE bonus_payouts ADD FOREIGN KEY (run_id) REFERENCES bonus_runs(id)`.execute(db);
  await sql`ALTER TABLE bonus_payouts ADD FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
  await sql`ALTER TABLE rank_history ADD FOREIGN KEY (run_id) REFERENCES bonus_runs(id)`.execute(db);
  await sql`ALTER TABLE rank_history ADD FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
  await sql`ALTER TABLE bonus_run_members ADD FOREIGN KEY (run_id) REFERENCES bonus_runs(id)`.execute(db);
  await sql`ALTER TABLE bonus_run_members ADD FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
}
