import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals paid by the platform from its EVM hot wallet (decision 61). Each payout keeps the signed
 * transaction it stored before broadcasting (a crash never sends twice) and every hash it ever signed for
 * its nonce (a replacement with a higher fee may be the one mined). Nonces are handed out per hot wallet
 * from `chain_payout_nonces`, under its row lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Per channel: paid by the platform (true) or by hand, an admin entering the hash (false, as before).
  await sql`ALTER TABLE deposit_channels ADD COLUMN auto_payout boolean NOT NULL DEFAULT false`.execute(db);
  // Why the platform did not pay an approved withdrawal (hot wallet too low, a failed transaction): the
  // admin queue shows it; cleared when a payout is signed.
  await sql`ALTER TABLE withdrawals ADD COLUMN payout_alert text CHECK (length(payout_alert) <= 500)`.execute(
    db,
  );

  await sql`
    CREATE TABLE chain_payout_nonces (
      network text NOT NULL CHECK (network IN ('ERC20', 'BEP20')),
      from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
      next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
      PRIMARY KEY (network, from_address)
    )`.execute(db);

  await sql`
    CREATE TABLE chain_payouts (
      id uuid PRIMARY KEY,
      withdrawal_id uuid NOT NULL REFERENCES withdrawals(id),
      network text NOT NULL CHECK (network IN ('ERC20', 'BEP20')),
      from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
      to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-fA-F]{40}$'),
      token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-fA-F]{40}$'),
      -- In the token's own units (token_decimals of the channel).
      token_amount numeric(78, 0) NOT NULL CHECK (token_amount > 0),
      nonce bigint NOT NULL CHECK (nonce >= 0),
      gas bigint NOT NULL CHECK (gas > 0),
      max_fee_per_gas numeric(78, 0) NOT NULL,
      max_priority_fee_per_gas numeric(78, 0) NOT NULL,
      -- The newest signed transaction (what is broadcast) and its hash; tx_hashes holds every one signed.
      raw_tx text NOT NULL,
      tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      tx_hashes text[] NOT NULL,
      status text NOT NULL CHECK (status IN ('signed', 'broadcast', 'confirmed', 'failed')),
      attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
      -- The head when the newest transaction was broadcast: "not mined after N blocks" counts from here.
      broadcast_block bigint,
      mined_hash text,
      mined_block bigint,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (network, from_address, nonce)
    )`.execute(db);
  // One live payout per withdrawal: never two signed transfers for the same money.
  await sql`
    CREATE UNIQUE INDEX chain_payouts_live ON chain_payouts (withdrawal_id)
    WHERE status IN ('signed', 'broadcast', 'confirmed')`.execute(db);
  await sql`
    CREATE INDEX chain_payouts_in_flight ON chain_payouts (network, from_address, nonce)
    WHERE status IN ('signed', 'broadcast')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chain_payouts`.execute(db);
  await sql`DROP TABLE chain_payout_nonces`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN payout_alert`.execute(db);
  await sql`ALTER TABLE deposit_channels DROP COLUMN auto_payout`.execute(db);
}
