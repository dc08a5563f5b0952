import type { Hex, PublicClient, TransactionReceipt } from 'viem';

/** The receipt of whichever of a payout's hashes was mined (one nonce: at most one can be), or null. */
export async function minedReceipt(client: PublicClient, hashes: readonly string[]) {
  for (const hash of hashes) {
    const receipt: TransactionReceipt | null = await client
      .getTransactionReceipt({ hash: hash as Hex })
      .catch(() => null);
    if (receipt) return receipt;
  }
  return null;
}
