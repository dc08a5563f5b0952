import { type Address, erc20Abi, type PublicClient } from 'viem';

/**
 * How many balance reads run at once against one node. Multicall3 would batch them into one call, but a
 * development chain (Hardhat) has none deployed, so parallel reads with a cap work on every node alike.
 */
export const PARALLEL_READS = 16;

/** An ERC-20 balance, read from an EVM node. */
export function erc20Balance(client: PublicClient, token: string, owner: string): Promise<bigint> {
  return client.readContract({
    address: token as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  });
}

/** The sum of `balance(owner)` over many owners, at most PARALLEL_READS at a time (any chain's reader). */
export async function sumBalances(
  owners: readonly string[],
  balance: (owner: string) => Promise<bigint>,
): Promise<bigint> {
  let total = 0n;
  for (let start = 0; start < owners.length; start += PARALLEL_READS) {
    const part = await Promise.all(owners.slice(start, start + PARALLEL_READS).map(balance));
    for (const b of part) total += b;
  }
  return total;
}
