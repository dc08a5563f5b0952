import { type Kysely, sql } from 'kysely';

/**
 * The funding a closed perpetual cycle on a real exchange (binance, bybit, gate) paid, read from the
 * exchange by the worker after the cycle closed (modules/bots/cycle-funding.ts, decisions section 33).
 *
 * - funding: the sum of the funding payments between the cycle's open and close, in the quote currency,
 *   positive when the cycle paid and negative when it received (the sign of paper_funding and of the bot
 *   records' `funding`). Null while not recorded; never changed once recorded.
 * - funding_recorded_at: when it was recorded; null while not.
 * - funding_tried_at: when a worker last took the cycle to record it, so several workers do not ask for
 *   one cycle at once and a cycle whose exchange fails is tried again later without holding up the rest.
 *
 * The worker looks from the bots (real exchange, perpetual: few) into their cycles still to record, through
 * a partial index on bot_id that leaves recorded cycles out, so a pass does not grow with the cycles already
 * recorded. Spot and paper cycles are in it too (their funding is never recorded here) but never visited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE bot_cycles
      ADD COLUMN funding numeric,
      ADD COLUMN funding_recorded_at timestamptz,
      ADD COLUMN funding_tried_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX bot_cycles_funding_due ON bot_cycles (bot_id)
    WHERE state = 'closed' AND funding_recorded_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX bot_cycles_funding_due`.execute(db);
  await sql`
    ALTER TABLE bot_cycles
      DROP COLUMN funding,
      DROP COLUMN funding_recorded_at,
      DROP COLUMN funding_tried_at`.execute(db);
}
