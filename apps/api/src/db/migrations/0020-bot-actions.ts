import { type Kysely, sql } from 'kysely';

/**
 * Acting on bots by hand (issue 5, item 5): reversing a perpetual bot's entry, markets switched off per
 * member, exchange and market type, and all-in-one groups (one configuration over a basket of symbols).
 *
 * - pending_action 'reverse': the engine closes the cycle (reduce-only), then flips the bot's direction and
 *   records the new side's base order in one fenced transaction, so a crash between the steps resumes.
 * - close_reason 'reversed': the cycle was closed to turn the position around.
 * - bot_market_switches: a row means that market is off for the member; their bots there open no new
 *   cycle, and the open ones run to their end. No row: on.
 * - bot_groups / bots.group_id / bots.aio_off: a group is the bots one all-in-one configuration created;
 *   aio_off switches one symbol of it off (opens nothing new, the open cycle finishes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bots DROP CONSTRAINT bots_pending_action_check`.execute(db);
  await sql`ALTER TABLE bots ADD CONSTRAINT bots_pending_action_check
    CHECK (pending_action IN ('add_entry', 'close', 'reverse'))`.execute(db);
  await sql`ALTER TABLE bots ADD CONSTRAINT bots_reverse_perpetual
    CHECK (pending_action IS DISTINCT FROM 'reverse' OR market_type = 'perpetual')`.execute(db);
  await sql`ALTER TABLE bot_cycles DROP CONSTRAINT bot_cycles_close_reason_check`.execute(db);
  await sql`ALTER TABLE bot_cycles ADD CONSTRAINT bot_cycles_close_reason_check
    CHECK (close_reason IN ('take_profit', 'stop_loss', 'manual', 'reversed'))`.execute(db);

  await sql`
    CREATE TABLE bot_market_switches (
      member_id bigint NOT NULL REFERENCES members(id),
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      market_type text NOT NULL CHECK (market_type IN ('spot', 'perpetual')),
      switched_off_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, exchange, market_type)
    )`.execute(db);

  await sql`
    CREATE TABLE bot_groups (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      rental_id bigint NOT NULL REFERENCES bot_rentals(id),
      exchange text NOT NULL CHECK (exchange IN ('paper', 'binance', 'bybit', 'gate')),
      market_type text NOT NULL CHECK (market_type IN ('spot', 'perpetual')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX bot_groups_member ON bot_groups (member_id, id DESC)`.execute(db);
  await sql`ALTER TABLE bots ADD COLUMN group_id bigint REFERENCES bot_groups(id)`.execute(db);
  await sql`ALTER TABLE bots ADD COLUMN aio_off boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX bots_group ON bots (group_id) WHERE group_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bots DROP COLUMN aio_off`.execute(db);
  await sql`ALTER TABLE bots DROP COLUMN group_id`.execute(db);
  await sql`DROP TABLE bot_groups`.execute(db);
  await sql`DROP TABLE bot_market_switches`.execute(db);
  await sql`ALTER TABLE bot_cycles DROP CONSTRAINT bot_cycles_close_reason_check`.execute(db);
  await sql`ALTER TABLE bot_cycles ADD CONSTRAINT bot_cycles_close_reason_check
    CHECK (close_reason IN ('take_profit', 'stop_loss', 'manual'))`.execute(db);
  await sql`ALTER TABLE bots DROP CONSTRAINT bots_reverse_perpetual`.execute(db);
  await sql`ALTER TABLE bots DROP CONSTRAINT bots_pending_action_check`.execute(db);
  await sql`ALTER TABLE bots ADD CONSTRAINT bots_pending_action_check
    CHECK (pending_action IN ('add_entry', 'close'))`.execute(db);
}
