import { type Kysely, sql } from 'kysely';

/**
 * Vouchers, bot packages, bot rentals and the volume events purchases leave for the team bonuses.
 *
 * A voucher belongs to one member and is used once: `used_at` and `used_for` (the purchase's reference) are
 * set together, in the purchase's own transaction, and never cleared. A voucher may be limited to one
 * currency; a cap on its discount (`max_discount_minor`) is in minor units of a currency, so it needs one.
 *
 * A rental is active while `now() < ends_at`. Every payment for a rental (the rent itself, a top-up of its
 * capital limit, a renewal) is a row of `bot_rental_purchases` pointing at its ledger transfer, and leaves
 * one volume event (`source 'bot_rental'`, `source_id` = the purchase id,
 * amount = what was paid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vouchers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{8,20}$'),
      discount_bps integer NOT NULL CHECK (discount_bps BETWEEN 1 AND 10000),
      max_discount_minor bigint CHECK (max_discount_minor > 0),
      currency text REFERENCES currencies(code),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      used_for text CHECK (length(used_for) BETWEEN 1 AND 100),
      issued_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((used_at IS NULL) = (used_for IS NULL)),
      CHECK (max_discount_minor IS NULL OR currency IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX vouchers_member ON vouchers (member_id, expires_at)`.execute(db);

  await sql`
    CREATE TABLE bot_packages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      price_minor bigint NOT NULL CHECK (price_minor > 0),
      currency text NOT NULL REFERENCES currencies(code),
      duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
      capital_limit_minor bigint NOT NULL CHECK (capital_limit_minor > 0),
      -- top-up: each extra topup_unit_minor of capital limit costs topup_unit_price_minor; null: no top-up
      topup_unit_minor bigint CHECK (topup_unit_minor > 0),
      topup_unit_price_minor bigint CHECK (topup_unit_price_minor > 0),
      exchanges text[] NOT NULL
        CHECK (cardinality(exchanges) > 0 AND exchanges <@ ARRAY['paper', 'binance', 'bybit', 'gate']),
      market_types text[] NOT NULL
        CHECK (cardinality(market_types) > 0 AND market_types <@ ARRAY['spot', 'perpetual']),
      on_sale boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((topup_unit_minor IS NULL) = (topup_unit_price_minor IS NULL))
    )`.execute(db);

  await sql`
    CREATE TABLE bot_rentals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      package_id bigint NOT NULL REFERENCES bot_packages(id),
      currency text NOT NULL REFERENCES currencies(code),
      capital_limit_minor bigint NOT NULL CHECK (capital_limit_minor > 0),
      mode text NOT NULL CHECK (mode IN ('own_key', 'managed')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      voucher_id bigint REFERENCES vouchers(id),
      price_paid_minor bigint NOT NULL CHECK (price_paid_minor >= 0),
      -- the ledger transfer of the first payment; null when a voucher paid all of it
      transfer_id uuid REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at > starts_at)
    )`.execute(db);
  await sql`CREATE INDEX bot_rentals_member ON bot_rentals (member_id, ends_at DESC)`.execute(db);

  await sql`
    CREATE TABLE bot_rental_purchases (
      -- derived from the request's Idempotency-Key: a request that runs twice cannot buy twice
      id uuid PRIMARY KEY,
      rental_id bigint NOT NULL REFERENCES bot_rentals(id),
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('rent', 'topup', 'renew')),
      currency text NOT NULL REFERENCES currencies(code),
      wallet text NOT NULL CHECK (wallet IN ('deposit', 'trading', 'reward', 'funds')),
      price_minor bigint NOT NULL CHECK (price_minor > 0),
      discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0 AND discount_minor <= price_minor),
      paid_minor bigint NOT NULL CHECK (paid_minor = price_minor - discount_minor),
      voucher_id bigint UNIQUE REFERENCES vouchers(id),
      transfer_id uuid UNIQUE REFERENCES ledger_transfers(id),
      -- what the purchase changed: the capital limit added by a top-up, the days added by a rent or renewal
      capital_added_minor bigint NOT NULL DEFAULT 0 CHECK (capital_added_minor >= 0),
      days_added integer NOT NULL DEFAULT 0 CHECK (days_added >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((paid_minor = 0) = (transfer_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX bot_rental_purchases_member ON bot_rental_purchases (member_id, created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER bot_rental_purchases_append_only BEFORE UPDATE OR DELETE ON bot_rental_purchases
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);

  await sql`
    CREATE TABLE volume_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      source text NOT NULL CHECK (source IN ('bot_rental', 'mining')),
      source_id text NOT NULL CHECK (length(source_id) BETWEEN 1 AND 100),
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      currency text NOT NULL REFERENCES currencies(code),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (source, source_id)
    )`.execute(db);
  await sql`CREATE INDEX volume_events_created ON volume_events (created_at, id)`.execute(db);
  await sql`
    CREATE TRIGGER volume_events_append_only BEFORE UPDATE OR DELETE ON volume_events
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['volume_events', 'bot_rental_purchases', 'bot_rentals', 'bot_packages', 'vouchers']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
