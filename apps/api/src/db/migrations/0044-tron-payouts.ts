import { type Kysely, sql } from 'kysely';

/**
 * TRC-20 withdrawals paid from the TRON hot wallet (decision 69), in the same `chain_payouts` as EVM ones:
 * the same locks, alerts, retries and admin list work for both. A TRON row keeps base58 addresses (T...)
 * and TRON's transaction ids (hex without 0x); `raw_tx` holds the signed transaction as the JSON the node
 * is sent. TRON has no nonces: `nonce` numbers the hot wallet's payouts (from `chain_payout_nonces`, so the
 * admin list keeps its order); `gas` is the transaction's fee limit in sun, with max_fee_per_gas 1 and
 * max_priority_fee_per_gas 0, so gas × max_fee_per_gas is what the payout may burn, as on EVM.
 */
const EVM_ADDRESS = `'^0x[0-9a-fA-F]{40}$'`;
const TRON_ADDRESS = `'^T[1-9A-HJ-NP-Za-km-z]{33}$'`;

function addressCheck(column: string): string {
  return `CHECK (CASE WHEN network = 'TRC20' THEN ${column} ~ ${TRON_ADDRESS} ELSE ${column} ~ ${EVM_ADDRESS} END)`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of ['network', 'from_address']) {
    await sql
      .raw(`ALTER TABLE chain_payout_nonces DROP CONSTRAINT chain_payout_nonces_${c}_check`)
      .execute(db);
  }
  await sql
    .raw(`ALTER TABLE chain_payout_nonces
      ADD CONSTRAINT chain_payout_nonces_network_check CHECK (network IN ('ERC20', 'BEP20', 'TRC20')),
      ADD CONSTRAINT chain_payout_nonces_from_address_check ${addressCheck('from_address')}`)
    .execute(db);

  for (const c of ['network', 'from_address', 'to_address', 'token_address', 'tx_hash']) {
    await sql.raw(`ALTER TABLE chain_payouts DROP CONSTRAINT chain_payouts_${c}_check`).execute(db);
  }
  await sql
    .raw(`ALTER TABLE chain_payouts
      ADD CONSTRAINT chain_payouts_network_check CHECK (network IN ('ERC20', 'BEP20', 'TRC20')),
      ADD CONSTRAINT chain_payouts_from_address_check ${addressCheck('from_address')},
      ADD CONSTRAINT chain_payouts_to_address_check ${addressCheck('to_address')},
      ADD CONSTRAINT chain_payouts_token_address_check ${addressCheck('token_address')},
      ADD CONSTRAINT chain_payouts_tx_hash_check
        CHECK (CASE WHEN network = 'TRC20' THEN tx_hash ~ '^[0-9a-f]{64}$' ELSE tx_hash ~ '^0x[0-9a-f]{64}$' END)`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM chain_payouts WHERE network = 'TRC20'`.execute(db);
  await sql`DELETE FROM chain_payout_nonces WHERE network = 'TRC20'`.execute(db);
  for (const c of ['network', 'from_address', 'to_address', 'token_address', 'tx_hash']) {
    await sql.raw(`ALTER TABLE chain_payouts DROP CONSTRAINT chain_payouts_${c}_check`).execute(db);
  }
  await sql
    .raw(`ALTER TABLE chain_payouts
      ADD CONSTRAINT chain_payouts_network_check CHECK (network IN ('ERC20', 'BEP20')),
      ADD CONSTRAINT chain_payouts_from_address_check CHECK (from_address ~ ${EVM_ADDRESS}),
      ADD CONSTRAINT chain_payouts_to_address_check CHECK (to_address ~ ${EVM_ADDRESS}),
      ADD CONSTRAINT chain_payouts_token_address_check CHECK (token_address ~ ${EVM_ADDRESS}),
      ADD CONSTRAINT chain_payouts_tx_hash_check CHECK (tx_hash ~ '^0x[0-9a-f]{64}$')`)
    .execute(db);
  for (const c of ['network', 'from_address']) {
    await sql
      .raw(`ALTER TABLE chain_payout_nonces DROP CONSTRAINT chain_payout_nonces_${c}_check`)
      .execute(db);
  }
  await sql
    .raw(`ALTER TABLE chain_payout_nonces
      ADD CONSTRAINT chain_payout_nonces_network_check CHECK (network IN ('ERC20', 'BEP20')),
      ADD CONSTRAINT chain_payout_nonces_from_address_check CHECK (from_address ~ ${EVM_ADDRESS})`)
    .execute(db);
}
