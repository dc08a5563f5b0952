import { type Kysely, sql } from 'kysely';

/**
 * Cloud mining: packages an admin defines, purchases, the members' stock of unactivated units and its
 * movements, subscriptions (activated units) and their daily payouts.
 *
 * Hash rates are whole GH/s. A package's yield rule is 'fixed' (yield_per_unit_minor of the mined coin per
 * GH/s per day) or 'daily' (an admin sets the amount per GH/s for each day in mining_daily_rates; a day with
 * no rate is paid once it gets one). A subscription pays the days starts_on <= day < ends_on; one payout row
 * per (day, subscription), written in the same transaction as its ledger transfer, so a re-run pays nothing
 * twice and a missed day is caught up by the next run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mining_categories (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      sort integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE mining_packages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      category_id bigint REFERENCES mining_categories(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      picture_upload_id uuid REFERENCES uploads(id),
      price_minor bigint NOT NULL CHECK (price_minor > 0),
      currency text NOT NULL REFERENCES currencies(code),
      hash_rate_ghs bigint NOT NULL CHECK (hash_rate_ghs > 0),
      duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
      mined_currency text NOT NULL REFERENCES currencies(code),
      yield_rule text NOT NULL CHECK (yield_rule IN ('fixed', 'daily')),
      yield_per_unit_minor bigint CHECK (yield_per_unit_minor >= 0),
      per_member_limit integer CHECK (per_member_limit > 0),
      on_sale boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((yield_rule = 'fixed') = (yield_per_unit_minor IS NOT NULL))
    )`.execute(db);

  // Member/Promo: what an admin announces about the packages for a while (a sale, a new machine).
  await sql`
    CREATE TABLE mining_promotions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
      package_id bigint REFERENCES mining_packages(id),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at > starts_at)
    )`.execute(db);

  // Member/membercartlist: packages a member put aside to buy later; buying stays one package at a time.
  await sql`
    CREATE TABLE mining_cart_items (
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      units integer NOT NULL CHECK (units BETWEEN 1 AND 100),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, package_id)
    )`.execute(db);

  await sql`
    CREATE TABLE mining_daily_rates (
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      day date NOT NULL,
      per_unit_minor bigint NOT NULL CHECK (per_unit_minor >= 0),
      PRIMARY KEY (package_id, day)
    )`.execute(db);

  await sql`
    CREATE TABLE mining_purchases (
      -- derived from the request's Idempotency-Key: a request that runs twice cannot buy twice
      id uuid PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      units integer NOT NULL CHECK (units > 0),
      placement text NOT NULL CHECK (placement IN ('activate', 'stock')),
      currency text NOT NULL REFERENCES currencies(code),
      wallet text NOT NULL CHECK (wallet IN ('deposit', 'trading', 'reward', 'funds')),
      price_minor bigint NOT NULL CHECK (price_minor > 0),
      discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0 AND discount_minor <= price_minor),
      paid_minor bigint NOT NULL CHECK (paid_minor = price_minor - discount_minor),
      voucher_id bigint UNIQUE REFERENCES vouchers(id),
      transfer_id uuid UNIQUE REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((paid_minor = 0) = (transfer_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX mining_purchases_member ON mining_purchases (member_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX mining_purchases_created ON mining_purchases (created_at DESC)`.execute(db);
  await sql`
    CREATE TRIGGER mining_purchases_append_only BEFORE UPDATE OR DELETE ON mining_purchases
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);

  await sql`
    CREATE TABLE mining_stock (
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      count integer NOT NULL CHECK (count >= 0),
      PRIMARY KEY (member_id, package_id)
    )`.execute(db);

  await sql`
    CREATE TABLE mining_stock_movements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      delta integer NOT NULL CHECK (delta <> 0),
      reason text NOT NULL CHECK (reason IN ('purchase', 'transfer_in', 'transfer_out', 'activation')),
      counterpart_member_id bigint REFERENCES members(id),
      purchase_id uuid REFERENCES mining_purchases(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mining_stock_movements_member ON mining_stock_movements (member_id, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER mining_stock_movements_append_only BEFORE UPDATE OR DELETE ON mining_stock_movements
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);

  await sql`
    CREATE TABLE mining_subscriptions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES mining_packages(id),
      units integer NOT NULL CHECK (units > 0),
      hash_rate_ghs bigint NOT NULL CHECK (hash_rate_ghs > 0),
      starts_on date NOT NULL,
      ends_on date NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
      purchase_id uuid REFERENCES mining_purchases(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_on > starts_on)
    )`.execute(db);
  await sql`CREATE INDEX mining_subscriptions_member ON mining_subscriptions (member_id, status)`.execute(db);
  await sql`CREATE INDEX mining_subscriptions_active ON mining_subscriptions (status, starts_on)`.execute(db);

  await sql`
    CREATE TABLE mining_payouts (
      day date NOT NULL,
      subscription_id bigint NOT NULL REFERENCES mining_subscriptions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      currency text NOT NULL REFERENCES currencies(code),
      -- null when the day's yield was zero: nothing moved, but the day counts as paid
      transfer_id uuid UNIQUE REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (day, subscription_id)
    )`.execute(db);
  await sql`CREATE INDEX mining_payouts_member ON mining_payouts (member_id, day DESC)`.execute(db);
  await sql`
    CREATE TRIGGER mining_payouts_append_only BEFORE UPDATE OR DELETE ON mining_payouts
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mining_payouts',
    'mining_subscriptions',
    'mining_stock_movements',
    'mining_stock',
    'mining_purchases',
    'mining_daily_rates',
    'mining_promotions',
    'mining_cart_items',
    'mining_packages',
    'mining_categories',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
