import { type Kysely, sql } from 'kysely';

/**
 * Managed-mode rentals (investsavecompany, topupsavecompany): a bot under such a rental trades an account
 * the platform holds for the member, never the member's own key. One account per member and exchange, so
 * two members' positions never share an account:
 *
 * - a row with credentials is a sub-account the operator opened on the real exchange for this member; its
 *   secret (and passphrase) are sealed with the secret box like a member's key;
 * - a row without credentials stands for a paper account the platform owns for the member. Its paper
 *   books use the account id `-id` (negative), apart from the member's own demo account (their member id),
 *   so the member's own paper trades and the managed bot's never mix either.
 *
 * paper_accounts.member_id therefore names either a member (> 0) or a managed account (< 0): the foreign
 * key to members gives way to a trigger that checks whichever it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE managed_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      api_key text,
      secret_sealed bytea,
      passphrase_sealed bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, exchange),
      CHECK ((api_key IS NULL) = (secret_sealed IS NULL)),
      CHECK (passphrase_sealed IS NULL OR api_key IS NOT NULL),
      -- the paper exchange has no keys: its managed account is always a paper one
      CHECK (exchange <> 'paper' OR api_key IS NULL)
    )`.execute(db);

  await sql`ALTER TABLE paper_accounts DROP CONSTRAINT paper_accounts_member_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION paper_account_owner_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.member_id > 0 AND NOT EXISTS (SELECT 1 FROM members WHERE id = NEW.member_id) THEN
        RAISE EXCEPTION 'paper account % names no member', NEW.member_id USING ERRCODE = '23503';
      END IF;
      IF NEW.member_id < 0 AND NOT EXISTS (
        SELECT 1 FROM managed_accounts WHERE id = -NEW.member_id AND api_key IS NULL
      ) THEN
        RAISE EXCEPTION 'paper account % names no managed paper account', NEW.member_id
          USING ERRCODE = '23503';
      END IF;
      IF NEW.member_id = 0 THEN
        RAISE EXCEPTION 'paper account 0 names nobody' USING ERRCODE = '23503';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER paper_account_owner BEFORE INSERT OR UPDATE OF member_id ON paper_accounts
      FOR EACH ROW EXECUTE FUNCTION paper_account_owner_check()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER paper_account_owner ON paper_accounts`.execute(db);
  await sql`DROP FUNCTION paper_account_owner_check()`.execute(db);
  // The managed paper books go with their accounts, children first.
  await sql`DELETE FROM paper_funding WHERE position_id IN (SELECT id FROM paper_positions WHERE member_id < 0)`.execute(
    db,
  );
  for (const table of ['paper_fills', 'paper_orders', 'paper_positions', 'paper_balances']) {
    await sql`DELETE FROM ${sql.table(table)} WHERE member_id < 0`.execute(db);
  }
  await sql`DELETE FROM paper_accounts WHERE member_id < 0`.execute(db);
  await sql`ALTER TABLE paper_accounts ADD CONSTRAINT paper_accounts_member_id_fkey
    FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
  await sql`DROP TABLE managed_accounts`.execute(db);
}
