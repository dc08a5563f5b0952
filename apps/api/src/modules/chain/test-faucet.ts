import type { TTestFaucetRequest, TTestFaucetResult } from '@app/contracts';
import { type Address, erc20Abi } from 'viem';
import { AppError } from '../../platform/errors';
import type { DepositAddresses } from './deposit-addresses';
import type { ChainNetworks } from './networks';

/** What one press of "Send test USDT" sends: 100 tokens of 6 decimals, like a small real deposit. */
export const TEST_FAUCET_AMOUNT = 100_000_000n;
const TEST_FAUCET_TEXT = '100.000000';

/**
 * Development only: sends test tokens from the development chain's funder (its first test account, which
 * holds the whole supply) to the member's own deposit address, so a new user watches a deposit arrive and
 * confirm. Without a development chain (production, or real RPCs configured) there is nothing to send from.
 */
export function createTestFaucet(deps: { networks: ChainNetworks; addresses: Pick<DepositAddresses, 'of'> }) {
  return {
    send: async (memberId: string, input: TTestFaucetRequest): Promise<TTestFaucetResult> => {
      const dev = deps.networks.dev;
      if (!dev) throw new AppError('TEST_FAUCET_UNAVAILABLE');
      const address = (await deps.addresses.of(memberId, 'evm')) as Address;
      const txHash = await dev.funder.writeContract({
        address: dev.tokens[input.currency],
        abi: erc20Abi,
        functionName: 'transfer',
        args: [address, TEST_FAUCET_AMOUNT],
        account: dev.funder.account!,
        chain: dev.funder.chain,
      });
      return { txHash, amount: TEST_FAUCET_TEXT, address };
    },
  };
}

export type TestFaucet = ReturnType<typeof createTestFaucet>;
