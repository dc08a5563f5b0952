import { type Address, erc20Abi, parseEther } from 'viem';
import type { DevChain } from '../../modules/chain/evm/dev-chain';
import type { Db } from '../database';

/** What the hot wallet is given on a fresh development chain: gas, and tokens to pay withdrawals with. */
const HOT_WALLET_GAS = parseEther('100');
const HOT_WALLET_TOKENS = 1_000_000n * 1_000_000n;

/**
 * Development only: the ERC20 channels watch the development chain's test tokens (the chain is new at
 * each start, and so are its contracts), and the platform's hot wallet gets gas and tokens to pay with.
 */
export async function seedDevChain(db: Db, chain: DevChain, hotWallet: Address | null): Promise<void> {
  for (const [currency, token] of Object.entries(chain.tokens)) {
    await db
      .updateTable('deposit_channels')
      .set({ token_address: token, token_decimals: 6 })
      .where('currency', '=', currency)
      .where('network', '=', 'ERC20')
      .execute();
  }
  if (!hotWallet) return;
  const account = chain.funder.account!;
  await chain.funder.sendTransaction({ account, chain: chain.funder.chain, to: hotWallet, value: HOT_WALLET_GAS });
  for (const token of Object.values(chain.tokens)) {
    await chain.funder.writeContract({
      account,
      chain: chain.funder.chain,
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [hotWallet, HOT_WALLET_TOKENS],
    });
  }
  await chain.mine();
}
