import { type Kysely, sql } from 'kysely';

/**
 * On-chain deposits (decision 53): each member's own deposit address per chain family, the watcher's
 * cursor and recent block hashes per network (to notice reorgs), and every token transfer to a member's
 * address, recorded once per (network, tx hash, log index) whatever happens to the watcher.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The token contract each channel watches and its decimals (BEP-20 USDT has 18, the ledger's USDT 6).
  // The shared platform address goes: each member now has an address of their own.
  await sql`
    ALTER TABLE deposit_channels
      ADD COLUMN token_address text CHECK (token_address ~ '^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
      ADD COLUMN token_decimals integer NOT NULL DEFAULT 6 CHECK (token_decimals BETWEEN 0 AND 36),
      DROP COLUMN address`.execute(db);
  await sql`
    UPDATE deposit_channels SET token_address = v.token, token_decimals = v.decimals
    FROM (VALUES
      ('USDT', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6),
      ('USDT', 'ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
      ('USDC', 'ERC20', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
      ('USDT', 'BEP20', '0x55d398326f99059fF775485246999027B3197955', 18),
      ('USDC', 'BEP20', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18)
    ) AS v(currency, network, token, decimals)
    WHERE deposit_channels.currency = v.currency AND deposit_channels.network = v.network`.execute(db);

  // Addresses are derived (BIP-32) from the platform's extended key at index = member id: nothing secret here.
  await sql`
    CREATE TABLE deposit_addresses (
      member_id bigint NOT NULL REFERENCES members(id),
      family text NOT NULL CHECK (family IN ('evm', 'tron')),
      derivation_index bigint NOT NULL CHECK (derivation_index BETWEEN 0 AND 2147483647),
      address text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, family),
      UNIQUE (family, address),
      UNIQUE (family, derivation_index)
    )`.execute(db);

  // Where each network's watcher has read up to, and the chain it read (genesis hash: a different chain is
  // refused, or in development reset).
  await sql`
    CREATE TABLE chain_cursors (
      network text PRIMARY KEY CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      chain_id bigint NOT NULL,
      genesis_hash text NOT NULL,
      block_number bigint NOT NULL CHECK (block_number >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The hashes of the blocks read recently: a block whose parent is not the stored hash means a reorg.
  await sql`
    CREATE TABLE chain_blocks (
      network text NOT NULL,
      number bigint NOT NULL,
      hash text NOT NULL,
      parent_hash text NOT NULL,
      PRIMARY KEY (network, number)
    )`.execute(db);

  await sql`
    CREATE TABLE chain_deposits (
      id uuid PRIMARY KEY,
      network text NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      currency text NOT NULL REFERENCES currencies(code),
      member_id bigint NOT NULL REFERENCES members(id),
      address text NOT NULL,
      tx_hash text NOT NULL CHECK (length(tx_hash) BETWEEN 10 AND 100),
      log_index integer NOT NULL CHECK (log_index >= 0),
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      amount numeric(38, 0) NOT NULL CHECK (amount >= 0),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'credited', 'below_minimum', 'orphaned')),
      -- A credited deposit that left the canonical chain in a deeper reorg: for an admin, reversed only by
      -- an audited ledger entry.
      flagged_at timestamptz,
      reversed_transfer_id uuid REFERENCES ledger_transfers(id),
      transfer_id uuid REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      credited_at timestamptz,
      UNIQUE (network, tx_hash, log_index),
      CHECK ((status = 'credited') = (transfer_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX chain_deposits_member ON chain_deposits (member_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX chain_deposits_pending ON chain_deposits (network, block_number) WHERE status = 'pending'`.execute(
    db,
  );

  // A manual deposit names its transaction, once per network (one transfer cannot be credited twice).
  await sql`
    CREATE UNIQUE INDEX deposits_manual_tx ON deposits (network, lower(tx_hash))
    WHERE source = 'manual' AND tx_hash <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX deposits_manual_tx`.execute(db);
  for (const table of ['chain_deposits', 'chain_blocks', 'chain_cursors', 'deposit_addresses']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
  await sql`
    ALTER TABLE deposit_channels DROP COLUMN token_address, DROP COLUMN token_decimals,
      ADD COLUMN address text NOT NULL DEFAULT ''`.execute(db);
}
