import type { Selectable } from 'kysely';
import type { ChainPayoutsTable } from '../../../db/schema';

/**
 * What a hot wallet has already promised to payouts not yet mined: tokens per token address, and the most
 * their fees may take of the chain's own coin (wei on EVM, sun on TRON: gas × max_fee_per_gas either way).
 */
export interface Commitments {
  tokens: Map<string, bigint>;
  gasWei: bigint;
}

export function commitmentsOf(rows: readonly Selectable<ChainPayoutsTable>[]): Commitments {
  const tokens = new Map<string, bigint>();
  let gasWei = 0n;
  for (const row of rows) {
    if (row.status === 'confirmed' || row.status === 'failed' || row.mined_hash) continue;
    tokens.set(row.token_address, (tokens.get(row.token_address) ?? 0n) + BigInt(row.token_amount));
    gasWei += BigInt(row.gas) * BigInt(row.max_fee_per_gas);
  }
  return { tokens, gasWei };
}
