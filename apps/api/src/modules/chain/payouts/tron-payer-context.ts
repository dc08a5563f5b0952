import type { Db } from '../../../db/database';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { TronApi } from '../tron/tron-api';
import type { TronSigner } from '../tron/tron-signer';
import type { TronLog } from './tron-broadcast';

/** What the TRON payer's steps share: one hot wallet on TRON (decision 69). */
export interface TronPayerContext {
  db: Db;
  api: TronApi;
  hotWallet: TronSigner;
  /** In sun: the most one payout may burn for energy; the hot wallet must hold it in TRX to sign one. */
  feeLimit: number;
  /** Wallet's withdrawals and channels: what is payable, the row lock, the admin's alerts (decision 77). */
  wallet: WalletForChain;
  /** Marks the withdrawal Paid in the payer's transaction (the withdrawal service's path). */
  markPaid: (trx: Db, withdrawalId: string, txHash: string) => Promise<unknown>;
  log?: TronLog | undefined;
  /** Tests: called once a signed transaction is committed and before it is broadcast (a crash there). */
  afterSign?: ((payoutId: string) => void | Promise<void>) | undefined;
}

/** The hot wallet signs payouts at the payer's fee limit. */
export const signingOf = (ctx: TronPayerContext) => ({
  api: ctx.api,
  signer: ctx.hotWallet,
  feeLimit: ctx.feeLimit,
});
