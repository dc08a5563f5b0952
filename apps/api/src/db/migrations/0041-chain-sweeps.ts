import { type Kysely, sql } from 'kysely';

/**
 * Sweeping (decision 62): the tokens members send to their own addresses are moved into the hot wallet.
 * Each row is one transaction the sweeper sent: gas for a deposit address, or the sweep of its tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chain_sweeps (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      network text NOT NULL CHECK (network IN ('ERC20', 'BEP20')),
      address text NOT NULL,
      token text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('gas', 'sweep')),
      tx_hash text NOT NULL UNIQUE,
      -- The token amount swept, or the wei of gas sent.
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'confirmed', 'failed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX chain_sweeps_in_flight ON chain_sweeps (network, address) WHERE status = 'sent'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chain_sweeps`.execute(db);
}
