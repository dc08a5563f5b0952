import { type Address, erc20Abi, type PublicClient } from 'viem';

/**
 * How many balance reads run at once against one node. Multicall3 would batch them into one call, but a
 * development chain (Hardhat) has none deployed, so parallel reads with a cap work on every node alike.
 */
export const PARALLEL_READS = 16;

/** The sum of one token's balances over many addresses, read in parallel, at most PARALLEL_READS at a time. */
export async function sumTokenBalances(
  client: PublicClient,
  token: Address,
  owners: readonly Address[],
): Promise<bigint> {
  let total = 0n;
  for (let start = 0; start < owners.length; start += PARALLEL_READS) {
    const balances = await Promise.all(
      owners
        .slice(start, start + PARALLEL_READS)
        .map((owner) =>
          client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
        ),
    );
    for (const balance of balances) total += balance;
  }
  return total;
}
