import { type Kysely, sql } from 'kysely';

/**
 * bots.contract_size: what one unit of the bot's orders is in the base asset (1 on spot and on the linear
 * perpetuals of the paper exchange, Binance and Bybit; a fraction on Gate's, 0.0001 BTC a contract on
 * BTC_USDT), taken from the market when the bot is made. The bot records multiply by it: an order's value is
 * filled x contract size x price. The engine's own figures already take it from the market
 * (cycle-book.ts); the records read only the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bots ADD COLUMN contract_size numeric NOT NULL DEFAULT 1 CHECK (contract_size > 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bots DROP COLUMN contract_size`.execute(db);
}
