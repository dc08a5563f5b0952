import type { LocalAccount, PublicClient } from 'viem';
import type { Db } from '../../../db/database';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { EvmNetworkName } from '../networks';

/** What the payer's steps share: one hot wallet on one EVM network. */
export interface PayerContext {
  db: Db;
  network: EvmNetworkName;
  chainId: number;
  client: PublicClient;
  hotWallet: LocalAccount;
  /** A broadcast transaction not mined after this many blocks is replaced with a higher fee. */
  replaceAfterBlocks: number;
  /** Wallet's withdrawals and channels: what is payable, the row lock, the admin's alerts (decision 77). */
  wallet: WalletForChain;
  /** Marks the withdrawal Paid in the payer's transaction (the withdrawal service's path). */
  markPaid: (trx: Db, withdrawalId: string, txHash: string) => Promise<unknown>;
  /** Tests: called once a signed transaction is committed and before it is broadcast (a crash there). */
  afterSign?: ((payoutId: string) => void | Promise<void>) | undefined;
}
