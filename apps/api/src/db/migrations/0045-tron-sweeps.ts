import { type Kysely, sql } from 'kysely';

/**
 * TRON sweeps (decision 69) in `chain_sweeps`: TRC20 rows, and the signed transaction of each, stored
 * before it is broadcast. A TRON transaction expires, so a sweep or a TRX top-up the node lost is known
 * dead once the chain is past its expiration (raw_tx holds it) and can be tried again; a crash between
 * storing and broadcasting sends the stored one on the next pass. EVM rows keep raw_tx null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_sweeps DROP CONSTRAINT chain_sweeps_network_check`.execute(db);
  await sql`
    ALTER TABLE chain_sweeps
      ADD CONSTRAINT chain_sweeps_network_check CHECK (network IN ('ERC20', 'BEP20', 'TRC20')),
      ADD COLUMN raw_tx text,
      ADD CONSTRAINT chain_sweeps_tron_raw CHECK ((network = 'TRC20') = (raw_tx IS NOT NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM chain_sweeps WHERE network = 'TRC20'`.execute(db);
  await sql`
    ALTER TABLE chain_sweeps
      DROP CONSTRAINT chain_sweeps_tron_raw,
      DROP COLUMN raw_tx,
      DROP CONSTRAINT chain_sweeps_network_check,
      ADD CONSTRAINT chain_sweeps_network_check CHECK (network IN ('ERC20', 'BEP20'))`.execute(db);
}
