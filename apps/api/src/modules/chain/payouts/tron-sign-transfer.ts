import { tronHexOf } from '../tron/tron-address';
import type { TronApi } from '../tron/tron-api';
import type { TronSigner } from '../tron/tron-signer';
import {
  type TronTransaction,
  transferParameter,
  verifyTransfer,
  verifyTrxTransfer,
} from '../tron/tron-transaction';

export interface SignedTronTransfer {
  tx: TronTransaction;
  txId: string;
  /** raw_data.expiration (ms, chain time): after it, and not on chain, the transaction never will be. */
  expiration: number;
}

/** Who signs, through which node, at what fee limit (sun). */
export interface TronSigning {
  api: TronApi;
  signer: TronSigner;
  feeLimit: number;
}

/**
 * Has the node build `transfer(to, amount)` from the signer's address, checks it is exactly that (decision
 * 69: the node chooses the reference block and expiration, nothing else), and signs it; nothing is sent.
 * Addresses base58. `headTime` is the head block's timestamp, which the expiration is checked against.
 */
export async function signTronTransfer(
  ctx: TronSigning,
  p: { token: string; to: string; amount: bigint; headTime: number },
): Promise<SignedTronTransfer> {
  const want = {
    owner: ctx.signer.hexAddress,
    token: tronHexOf(p.token),
    to: tronHexOf(p.to),
    amount: p.amount,
    feeLimit: ctx.feeLimit,
  };
  const built = await ctx.api.triggerSmartContract({
    owner: want.owner,
    contract: want.token,
    selector: 'transfer(address,uint256)',
    parameter: transferParameter(want.to, want.amount),
    feeLimit: want.feeLimit,
  });
  const expiration = verifyTransfer(built, want, p.headTime);
  return signedBy(ctx.signer, built, expiration);
}

/** A TRX transfer (sun), built by the node, checked as exactly that, and signed; nothing is sent. */
export async function signTrxTransfer(
  ctx: Omit<TronSigning, 'feeLimit'>,
  p: { to: string; amount: bigint; headTime: number },
): Promise<SignedTronTransfer> {
  const want = { owner: ctx.signer.hexAddress, to: tronHexOf(p.to), amount: p.amount };
  const built = await ctx.api.createTransaction(want);
  const expiration = verifyTrxTransfer(built, want, p.headTime);
  return signedBy(ctx.signer, built, expiration);
}

/** A built transaction, verified by the caller, with the signer's signature over its id. */
function signedBy(
  signer: TronSigning['signer'],
  built: Pick<TronTransaction, 'txID' | 'raw_data' | 'raw_data_hex'>,
  expiration: number,
): SignedTronTransfer {
  const tx: TronTransaction = {
    txID: built.txID,
    raw_data: built.raw_data,
    raw_data_hex: built.raw_data_hex,
    signature: [signer.signTxId(built.txID)],
    visible: false,
  };
  return { tx, txId: built.txID, expiration };
}

/** The stored transaction's expiration, read back from the row's raw_tx. */
export function storedExpiration(rawTx: string): number {
  return (JSON.parse(rawTx) as TronTransaction).raw_data.expiration;
}
