import { type Kysely, sql } from 'kysely';

/**
 * Mining, issue 6 continued: package pictures, the network yield rule and cart checkouts.
 *
 * - Uploads get the purpose 'mining_package' (public pictures an admin sets on a package).
 * - A package's yield rule may be 'network': its day's yield is computed from the mined coin's network
 *   difficulty and block reward in force that day (mining_network_params, append-only: a new row from a
 *   date on, every earlier row kept as history; the latest row with effective_from <= day applies).
 * - A cart checkout buys several packages in one transaction: its purchase rows share checkout_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_purpose_check`.execute(db);
  await sql`
    ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
    CHECK (purpose IN ('kyc', 'avatar', 'news', 'slider', 'file', 'support', 'mining_package'))`.execute(db);

  await sql`ALTER TABLE mining_packages DROP CONSTRAINT IF EXISTS mining_packages_yield_rule_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE mining_packages ADD CONSTRAINT mining_packages_yield_rule_check
    CHECK (yield_rule IN ('fixed', 'daily', 'network'))`.execute(db);

  await sql`
    CREATE TABLE mining_network_params (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      currency text NOT NULL REFERENCES currencies(code),
      effective_from date NOT NULL,
      -- Bitcoin-style difficulty: expected hashes per block = difficulty x 2^32; exact decimal, never float
      difficulty numeric(40, 8) NOT NULL CHECK (difficulty > 0),
      -- what one block pays, in minor units of the mined coin
      block_reward_minor bigint NOT NULL CHECK (block_reward_minor >= 0),
      created_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX mining_network_params_current
    ON mining_network_params (currency, effective_from DESC, id DESC)`.execute(db);
  await sql`
    CREATE TRIGGER mining_network_params_append_only BEFORE UPDATE OR DELETE ON mining_network_params
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);

  await sql`ALTER TABLE mining_purchases ADD COLUMN checkout_id uuid`.execute(db);
  await sql`CREATE INDEX mining_purchases_checkout ON mining_purchases (checkout_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mining_purchases DROP COLUMN IF EXISTS checkout_id`.execute(db);
  await sql`DROP TABLE IF EXISTS mining_network_params`.execute(db);
  await sql`UPDATE mining_packages SET yield_rule = 'daily', yield_per_unit_minor = NULL
            WHERE yield_rule = 'network'`.execute(db);
  await sql`ALTER TABLE mining_packages DROP CONSTRAINT IF EXISTS mining_packages_yield_rule_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE mining_packages ADD CONSTRAINT mining_packages_yield_rule_check
    CHECK (yield_rule IN ('fixed', 'daily'))`.execute(db);
  await sql`ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_purpose_check`.execute(db);
  await sql`
    ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
    CHECK (purpose IN ('kyc', 'avatar', 'news', 'slider', 'file', 'support'))`.execute(db);
}
