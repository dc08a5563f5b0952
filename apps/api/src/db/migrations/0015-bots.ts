import { type Kysely, sql } from 'kysely';

/**
 * DCA bots, their cycles (one DCA deal each) and every order they place. All of a bot's state lives here, so
 * the engine can be killed at any moment and resume: an order row is written `pending` with its
 * deterministic client order id before the exchange is called, and a pending row is looked up on the
 * exchange by that id before anything else happens. Prices and amounts are exchange decimals (numeric),
 * never floats.
 *
 * The lease (lease_owner, lease_until) is how several engine processes share the bots: only the holder of an
 * unexpired lease writes a bot's orders, and every order row is written in a transaction that re-checks it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bots (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      rental_id bigint NOT NULL REFERENCES bot_rentals(id),
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      market_type text NOT NULL CHECK (market_type IN ('spot', 'perpetual')),
      symbol text NOT NULL CHECK (length(symbol) BETWEEN 3 AND 64),
      direction text NOT NULL CHECK (direction IN ('long', 'short')),
      order_type text NOT NULL CHECK (order_type IN ('market', 'limit')),
      base_order numeric NOT NULL CHECK (base_order > 0),
      safety_order numeric NOT NULL CHECK (safety_order > 0),
      safety_order_count integer NOT NULL CHECK (safety_order_count BETWEEN 0 AND 50),
      price_deviation numeric NOT NULL CHECK (price_deviation > 0),
      volume_scale numeric NOT NULL CHECK (volume_scale > 0),
      step_scale numeric NOT NULL CHECK (step_scale > 0),
      take_profit numeric NOT NULL CHECK (take_profit > 0),
      trailing_deviation numeric CHECK (trailing_deviation > 0),
      stop_loss numeric CHECK (stop_loss > 0),
      cooldown_seconds integer NOT NULL DEFAULT 0 CHECK (cooldown_seconds >= 0),
      leverage integer NOT NULL DEFAULT 1 CHECK (leverage BETWEEN 1 AND 125),
      margin_mode text NOT NULL DEFAULT 'isolated' CHECK (margin_mode IN ('isolated', 'cross')),
      -- What every safety order filled would commit, checked against the rental's capital limit.
      capital_required numeric NOT NULL CHECK (capital_required > 0),
      status text NOT NULL CHECK (status IN ('running', 'paused', 'stopped')),
      paused_reason text CHECK (paused_reason IN ('member', 'key_unusable', 'orders_rejected')),
      -- Part of every client order id of the bot: ids stay unique on the exchange even if this database is
      -- ever restored or recreated and bot ids repeat.
      order_seed uuid NOT NULL DEFAULT gen_random_uuid(),
      -- A member's action by hand (add an entry, close the position), waiting for the engine to carry it out:
      -- the engine stays the only writer of the bot's orders, and a double tap is one action.
      pending_action text CHECK (pending_action IN ('add_entry', 'close')),
      lease_owner text,
      lease_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'paused') = (paused_reason IS NOT NULL)),
      CHECK (market_type = 'perpetual' OR (direction = 'long' AND leverage = 1))
    )`.execute(db);
  // One live bot per member, exchange and symbol: two bots on one symbol would fight over one position.
  await sql`CREATE UNIQUE INDEX bots_one_per_symbol ON bots (member_id, exchange, symbol) WHERE status <> 'stopped'`.execute(
    db,
  );
  await sql`CREATE INDEX bots_member ON bots (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX bots_running ON bots (id) WHERE status = 'running'`.execute(db);

  await sql`
    CREATE TABLE bot_cycles (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bot_id bigint NOT NULL REFERENCES bots(id),
      number integer NOT NULL CHECK (number >= 1),
      state text NOT NULL CHECK (state IN ('open', 'closing', 'closed')),
      base_price numeric,
      average_entry numeric,
      filled_amount numeric NOT NULL DEFAULT 0 CHECK (filled_amount >= 0),
      safety_orders_filled integer NOT NULL DEFAULT 0 CHECK (safety_orders_filled >= 0),
      -- The best price since the take-profit target was reached (trailing take profit).
      best_price numeric,
      close_reason text CHECK (close_reason IN ('take_profit', 'stop_loss', 'manual')),
      realized_pnl numeric,
      opened_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      UNIQUE (bot_id, number),
      CHECK ((state = 'closed') = (closed_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX bot_cycles_one_open ON bot_cycles (bot_id) WHERE state <> 'closed'`.execute(
    db,
  );

  await sql`
    CREATE TABLE bot_orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bot_id bigint NOT NULL REFERENCES bots(id),
      cycle_id bigint NOT NULL REFERENCES bot_cycles(id),
      kind text NOT NULL CHECK (kind IN ('base', 'safety', 'take_profit', 'stop_loss', 'manual')),
      -- The order's place in its cycle ('base', 'safety-3', 'exit', 'manual-1'): one order per slot.
      slot text NOT NULL,
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      client_order_id text NOT NULL,
      exchange_order_id text,
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      type text NOT NULL CHECK (type IN ('market', 'limit')),
      status text NOT NULL CHECK (status IN ('pending', 'open', 'closed', 'canceled', 'rejected')),
      price numeric,
      amount numeric NOT NULL CHECK (amount > 0),
      reduce_only boolean NOT NULL DEFAULT false,
      filled numeric NOT NULL DEFAULT 0 CHECK (filled >= 0),
      average_price numeric,
      fee_asset text,
      fee numeric,
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cycle_id, slot),
      UNIQUE (exchange, client_order_id)
    )`.execute(db);
  await sql`CREATE INDEX bot_orders_bot ON bot_orders (bot_id, id DESC)`.execute(db);
  await sql`CREATE INDEX bot_orders_working ON bot_orders (bot_id) WHERE status IN ('pending', 'open')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bot_orders`.execute(db);
  await sql`DROP TABLE bot_cycles`.execute(db);
  await sql`DROP TABLE bots`.execute(db);
}
