import { type Address, encodeFunctionData, erc20Abi, type Hex, keccak256 } from 'viem';
import type { Fees } from './fees';
import type { PayerContext } from './payer-context';

export interface TransferTx {
  token: Address;
  to: Address;
  amount: bigint;
  nonce: number;
  gas: bigint;
  fees: Fees;
}

export function transferData(to: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
}

/** Signs the ERC-20 `transfer(to, amount)` with the hot wallet's key; nothing is sent. */
export async function signTransfer(ctx: PayerContext, tx: TransferTx): Promise<{ raw: Hex; hash: Hex }> {
  const raw = await ctx.hotWallet.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: tx.nonce,
    to: tx.token,
    data: transferData(tx.to, tx.amount),
    value: 0n,
    gas: tx.gas,
    maxFeePerGas: tx.fees.maxFeePerGas,
    maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw) };
}
