import { type Kysely, sql } from 'kysely';

/**
 * Every order a member places by hand (manual trading), on their own exchange account or the paper
 * exchange, as the platform saw it: written before it is sent (status `pending`, with its deterministic
 * client order id), then updated with the exchange's answer, fills and fee. A crash between the two leaves
 * a `pending` row whose client order id finds the order on the exchange again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE trade_orders (
      id uuid PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      market_type text NOT NULL CHECK (market_type IN ('spot', 'perpetual')),
      symbol text NOT NULL CHECK (length(symbol) BETWEEN 3 AND 64),
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      type text NOT NULL CHECK (type IN ('market', 'limit')),
      price numeric,
      amount numeric NOT NULL CHECK (amount > 0),
      reduce_only boolean NOT NULL DEFAULT false,
      client_order_id text NOT NULL,
      exchange_order_id text,
      status text NOT NULL CHECK (status IN ('pending', 'open', 'closed', 'canceled', 'rejected')),
      filled numeric NOT NULL DEFAULT 0 CHECK (filled >= 0),
      average_price numeric,
      fee_asset text,
      fee_amount numeric,
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (exchange, client_order_id)
    )`.execute(db);
  await sql`CREATE INDEX trade_orders_member ON trade_orders (member_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX trade_orders_working ON trade_orders (member_id) WHERE status IN ('pending', 'open')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE trade_orders`.execute(db);
}
