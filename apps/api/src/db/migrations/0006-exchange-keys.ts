import { type Kysely, sql } from 'kysely';

/**
 * Members' exchange API keys: one per (member, exchange). The secret and the passphrase are only ever
 * here as secret-box envelopes bound to `exchange_keys:<id>:secret` / `:passphrase`, so a ciphertext copied
 * into another row does not open. The API key itself is not secret (it cannot sign without the secret) and
 * is kept readable to show it masked and to send it to the exchange.
 *
 * A key is `active` or `suspended` (its bots pause); the reason and the last rights check's findings stay on
 * the row, so the member sees why. Unbinding deletes the row, and its ciphertext with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exchange_keys (
      id uuid PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      exchange text NOT NULL CHECK (exchange IN ('binance', 'bybit', 'gate')),
      api_key text NOT NULL CHECK (length(api_key) BETWEEN 8 AND 256),
      secret_sealed bytea NOT NULL,
      passphrase_sealed bytea,
      status text NOT NULL CHECK (status IN ('active', 'suspended')),
      status_reason text CHECK (status_reason ~ '^[A-Z_]{3,60}$'),
      ip_restricted boolean NOT NULL,
      warnings text[] NOT NULL DEFAULT '{}',
      ip_whitelist text[] NOT NULL DEFAULT '{}',
      can_trade_spot boolean NOT NULL,
      can_trade_perpetual boolean NOT NULL,
      expires_at timestamptz,
      last_checked_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, exchange),
      CHECK ((status = 'suspended') = (status_reason IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX exchange_keys_checked ON exchange_keys (last_checked_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE exchange_keys`.execute(db);
}
