import type { Abi, Address, Hex, WalletClient } from 'viem';
import artifact from './test-token.json' with { type: 'json' };

/** TestToken.sol compiled by scripts/compile-test-token.mjs (solc-js: no compiler download is possible). */
export const testTokenAbi = artifact.abi as Abi;
const bytecode = artifact.bytecode as Hex;

/** The test USDT and USDC: 6 decimals like the real ones, a billion each to the deployer. */
export const TEST_TOKEN_SUPPLY = 1_000_000_000n * 1_000_000n;

export async function deployTestToken(
  wallet: WalletClient,
  symbol: 'USDT' | 'USDC',
  waitForAddress: (hash: Hex) => Promise<Address>,
): Promise<Address> {
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode,
    args: [`Test ${symbol}`, symbol, TEST_TOKEN_SUPPLY],
    account: wallet.account!,
    chain: wallet.chain,
  });
  return waitForAddress(hash);
}
