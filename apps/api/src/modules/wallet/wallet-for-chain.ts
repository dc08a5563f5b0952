import { depositChannelsView, paysOnChain } from './channels-for-chain';
import {
  allowPayoutRetries,
  clearPayoutAlert,
  lockWithdrawalForPayout,
  setPayoutAlert,
  withdrawalsView,
} from './withdrawals-for-chain';

/**
 * What the chain module needs of wallet's tables (decision 77), and all it gets: two read-only views to join
 * with its own tables, and the few writes of the payer and the admin's retry. Each takes the handle to run
 * on; a function given a transaction joins it (a payout is stored under the withdrawal's row lock, in one
 * transaction). Given to chain in createServices; chain imports only the type.
 */
export const walletForChain = {
  depositChannelsView,
  paysOnChain,
  withdrawalsView,
  lockWithdrawalForPayout,
  setPayoutAlert,
  clearPayoutAlert,
  allowPayoutRetries,
};

export type WalletForChain = typeof walletForChain;
