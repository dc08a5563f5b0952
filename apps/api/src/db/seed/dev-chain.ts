import { type Address, erc20Abi, getAddress, parseEther } from 'viem';
import type { DevChain } from '../../modules/chain/evm/dev-chain';
import type { Db } from '../database';

/** What the hot and gas wallets are given on a fresh development chain: ether, and tokens to pay with. */
const HOT_WALLET_GAS = parseEther('100');
const HOT_WALLET_TOKENS = 1_000_000n * 1_000_000n;

/**
 * Development only: the ERC20 channels watch the development chain's test tokens (the chain is new at
 * each start, and so are its contracts), and the platform's hot wallet gets gas and tokens to pay with.
 * With a hot wallet, the ERC20 channels are paid by the platform (decision 68): an approved withdrawal is
 * paid on the development chain, as issue 21 shows it; an admin can still approve with a hash by hand.
 */
export async function seedDevChain(
  db: Db,
  chain: DevChain,
  wallets: { hot: Address | null; gas: Address | null },
): Promise<void> {
  for (const [currency, token] of Object.entries(chain.tokens)) {
    await db
      .updateTable('deposit_channels')
      .set({ token_address: getAddress(token), token_decimals: 6 })
      .where('currency', '=', currency)
      .where('network', '=', 'ERC20')
      .execute();
  }
  const { hot: hotWallet, gas: gasWallet } = wallets;
  if (!hotWallet || !gasWallet) return;
  await db
    .updateTable('deposit_channels')
    .set({ auto_payout: true })
    .where('network', '=', 'ERC20')
    .where('currency', 'in', Object.keys(chain.tokens))
    .execute();
  const account = chain.funder.account!;
  for (const to of [hotWallet, gasWallet]) {
    await chain.funder.sendTransaction({ account, chain: chain.funder.chain, to, value: HOT_WALLET_GAS });
  }
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
