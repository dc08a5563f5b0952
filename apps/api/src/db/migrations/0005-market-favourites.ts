import { type Kysely, sql } from 'kysely';

/**
 * The markets a member has starred (the markets page's favourites filter). Symbols are the market data
 * source's unified ones (`BTC/USDT`, `BTC/USDT:USDT`); the service checks a symbol exists before storing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_favourites (
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{1,20}/[A-Z0-9]{1,20}(:[A-Z0-9]{1,20})?$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, symbol)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS market_favourites`.execute(db);
}
