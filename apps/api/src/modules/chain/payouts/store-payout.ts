import type { NetworkName } from '@app/contracts';
import type { Db } from '../../../db/database';
import { recordSystemAudit } from '../../../platform/audit';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import { takeNonce } from './nonces';

/** One payout's transfer, before it is signed: who pays whom how much of which token. */
export interface PayoutToStore {
  payoutId: string;
  withdrawalId: string;
  network: NetworkName;
  from: string;
  to: string;
  token: string;
  /** In the token's own units. */
  amount: bigint;
}

/** What a chain's signer gives back: the transaction as it is sent, and what it may cost. */
export interface SignedPayout {
  raw: string;
  hash: string;
  /** EVM: the gas limit; TRON: the fee limit in sun. */
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** Facts of the chain's own for the audit entry (a TRON transaction's expiration). */
  audit?: Record<string, unknown>;
}

/**
 * Stores a signed payout before anything is sent (decisions 61 and 69), in one transaction under the
 * withdrawal's lock, as the admin's mark-paid takes it: one of the two pays, never both. `sign` gets the
 * wallet's next nonce (on TRON, which has none, it numbers the wallet's payouts). Null when the withdrawal
 * is no longer approved and unpaid, or its payout is already stored.
 */
export async function storeSignedPayout(
  db: Db,
  wallet: Pick<WalletForChain, 'lockWithdrawalForPayout' | 'clearPayoutAlert'>,
  payout: PayoutToStore,
  sign: (nonce: number) => Promise<SignedPayout>,
) {
  const { payoutId, withdrawalId, network, from, to, token, amount } = payout;
  return db.transaction().execute(async (trx) => {
    const locked = await wallet.lockWithdrawalForPayout(trx, withdrawalId);
    if (locked?.status !== 'approved' || locked.tx_hash !== null) return null;
    const nonce = await takeNonce(trx, network, from);
    const signed = await sign(nonce);
    const row = await trx
      .insertInto('chain_payouts')
      .values({
        id: payoutId,
        withdrawal_id: withdrawalId,
        network,
        from_address: from,
        to_address: to,
        token_address: token,
        token_amount: amount.toString(),
        nonce,
        gas: signed.gas.toString(),
        max_fee_per_gas: signed.maxFeePerGas.toString(),
        max_priority_fee_per_gas: signed.maxPriorityFeePerGas.toString(),
        raw_tx: signed.raw,
        tx_hash: signed.hash,
        tx_hashes: [signed.hash],
        status: 'signed',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await wallet.clearPayoutAlert(trx, withdrawalId);
    await recordSystemAudit(trx, {
      action: 'chain.payout.signed',
      subject: `withdrawal:${withdrawalId}`,
      detail: {
        payoutId,
        network,
        nonce,
        hash: signed.hash,
        ...signed.audit,
        to,
        tokenAmount: amount.toString(),
      },
    });
    return row;
  });
}
