import { type Kysely, sql } from 'kysely';

/**
 * Four eyes values an admin's money action by the coin's price (decision 45). A price an admin lowers is
 * remembered for a while (decision 58), so lowering it first cannot bring a large adjustment under the
 * threshold: four eyes values by the higher of the price now and the remembered one until it lapses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE currency_prices
      ADD COLUMN four_eyes_floor_micros numeric(38, 0) NOT NULL DEFAULT 0
        CHECK (four_eyes_floor_micros >= 0),
      ADD COLUMN four_eyes_floor_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE currency_prices DROP COLUMN four_eyes_floor_micros, DROP COLUMN four_eyes_floor_until`.execute(
    db,
  );
}
