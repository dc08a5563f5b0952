import { type Kysely, sql } from 'kysely';

/**
 * The paper exchange's books: one demo account per member (its row is the lock every operation of that
 * member takes), balances per wallet (spot, perpetual margin) and asset, orders, fills, positions and
 * funding charges. Amounts are exchange decimals, not ledger money: NUMERIC(38,18), never floats, and the
 * database itself refuses a negative balance, so a bug cannot overspend either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE paper_accounts (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE paper_balances (
      member_id bigint NOT NULL REFERENCES paper_accounts(member_id),
      wallet text NOT NULL CHECK (wallet IN ('spot', 'perpetual')),
      asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{1,20}$'),
      free numeric(38, 18) NOT NULL DEFAULT 0 CHECK (free >= 0),
      used numeric(38, 18) NOT NULL DEFAULT 0 CHECK (used >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, wallet, asset)
    )`.execute(db);

  await sql`
    CREATE TABLE paper_orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES paper_accounts(member_id),
      client_order_id text NOT NULL CHECK (length(client_order_id) BETWEEN 1 AND 64),
      symbol text NOT NULL,
      market_type text NOT NULL CHECK (market_type IN ('spot', 'perpetual')),
      type text NOT NULL CHECK (type IN ('market', 'limit')),
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      price numeric(38, 18) CHECK (price > 0),
      amount numeric(38, 18) NOT NULL CHECK (amount > 0),
      filled numeric(38, 18) NOT NULL DEFAULT 0 CHECK (filled >= 0 AND filled <= amount),
      average_price numeric(38, 18),
      status text NOT NULL CHECK (status IN ('open', 'closed', 'canceled', 'rejected')),
      fee_asset text,
      fee numeric(38, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
      reduce_only boolean NOT NULL DEFAULT false,
      -- What a resting order holds in the wallet's 'used' column, released when it fills or is cancelled.
      reserved_asset text,
      reserved numeric(38, 18) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (member_id, client_order_id),
      CHECK ((type = 'limit') = (price IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX paper_orders_open ON paper_orders (member_id, symbol) WHERE status = 'open'`.execute(
    db,
  );

  await sql`
    CREATE TABLE paper_positions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES paper_accounts(member_id),
      symbol text NOT NULL,
      side text CHECK (side IN ('long', 'short')),
      contracts numeric(38, 18) NOT NULL DEFAULT 0 CHECK (contracts >= 0),
      entry_price numeric(38, 18),
      leverage integer NOT NULL DEFAULT 10 CHECK (leverage >= 1),
      margin_mode text NOT NULL DEFAULT 'cross' CHECK (margin_mode IN ('isolated', 'cross')),
      -- The initial margin the position holds (in the perpetual wallet's 'used'), isolated or cross.
      margin numeric(38, 18) NOT NULL DEFAULT 0 CHECK (margin >= 0),
      realized_pnl numeric(38, 18) NOT NULL DEFAULT 0,
      opened_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, symbol),
      CHECK ((contracts = 0) = (side IS NULL))
    )`.execute(db);

  await sql`
    CREATE TABLE paper_fills (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES paper_orders(id),
      member_id bigint NOT NULL REFERENCES paper_accounts(member_id),
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      price numeric(38, 18) NOT NULL CHECK (price > 0),
      amount numeric(38, 18) NOT NULL CHECK (amount > 0),
      fee_asset text NOT NULL,
      fee numeric(38, 18) NOT NULL CHECK (fee >= 0),
      liquidity text NOT NULL CHECK (liquidity IN ('maker', 'taker')),
      realized_pnl numeric(38, 18) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX paper_fills_order ON paper_fills (order_id)`.execute(db);

  // One charge per position and funding time: matching twice (a tick and a lazy read) cannot charge twice.
  await sql`
    CREATE TABLE paper_funding (
      position_id bigint NOT NULL REFERENCES paper_positions(id),
      funding_time timestamptz NOT NULL,
      rate numeric(38, 18) NOT NULL,
      mark_price numeric(38, 18) NOT NULL,
      contracts numeric(38, 18) NOT NULL,
      -- Positive: the member paid; negative: the member received.
      amount numeric(38, 18) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (position_id, funding_time)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'paper_funding',
    'paper_fills',
    'paper_positions',
    'paper_orders',
    'paper_balances',
    'paper_accounts',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
