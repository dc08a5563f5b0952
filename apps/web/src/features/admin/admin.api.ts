import {
  Paths,
  type TAdjustBalance,
  type TAdminChainDepositsQuery,
  type TAdminManagedAccountsQuery,
  type TAssignSubAccount,
  type TBulkAirdrop,
  type TManualDeposit,
  type TTransferRule,
  type TWithdrawalStatus,
  ZAdminChainDeposit,
  ZAdminManagedAccount,
  ZAdminMemberItem,
  ZAdminPayout,
  ZAdminPayoutAlerts,
  ZAdminWithdrawal,
  ZApprovalPending,
  ZAuditEntry,
  ZBulkAirdropResult,
  ZDeposit,
  ZDepositInfo,
  ZExchangePairs,
  ZOk,
  ZPayoutRetried,
  ZReceipt,
  ZReconciliation,
  ZTransferRules,
  ZWalletOverview,
  ZWithdrawal,
  zPage,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, pathWith } from '../../app/api';

export type TAdminMember = z.infer<typeof ZAdminMemberItem>;
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const ZMemberPage = zPage(ZAdminMemberItem);
const ZWithdrawalPage = zPage(ZAdminWithdrawal);
const ZAuditPage = zPage(ZAuditEntry);
const ZManagedAccountPage = zPage(ZAdminManagedAccount);
const ZChainDepositPage = zPage(ZAdminChainDeposit);
const ZPayoutPage = zPage(ZAdminPayout);

/** One call's extras: the codes the calling form shows itself, and the key of a money action. */
interface Options {
  handled?: readonly string[];
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface WithdrawalFilter {
  status?: TWithdrawalStatus | undefined;
  q?: string | undefined;
}

/** The admin area's calls. Every POST here moves money or decides a withdrawal: each carries its key. */
export const adminApi = {
  members: (q: string | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminMembers, ZMemberPage, { query: { q, page, pageSize }, signal }),

  chainDeposits: (
    filter: Pick<TAdminChainDepositsQuery, 'status' | 'q'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.get(Paths.adminChainDeposits, ZChainDepositPage, { query: { ...filter, page, pageSize }, signal }),
  reconciliation: (signal?: AbortSignal) => api.get(Paths.adminReconciliation, ZReconciliation, { signal }),
  payouts: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminPayouts, ZPayoutPage, { query: { page, pageSize }, signal }),
  payoutAlerts: (signal?: AbortSignal) => api.get(Paths.adminPayoutAlerts, ZAdminPayoutAlerts, { signal }),
  retryPayout: (withdrawalId: string, o: Options) =>
    api.post(pathWith(Paths.adminPayoutRetry, { id: withdrawalId }), ZPayoutRetried, {}, o),

  withdrawals: (filter: WithdrawalFilter, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminWithdrawals, ZWithdrawalPage, { query: { ...filter, page, pageSize }, signal }),
  approve: (id: string, txHash: string | undefined, o: Options) =>
    api.post(pathWith(Paths.adminWithdrawalApprove, { id }), ZWithdrawal, txHash ? { txHash } : {}, o),
  markPaid: (id: string, txHash: string, o: Options) =>
    api.post(pathWith(Paths.adminWithdrawalPaid, { id }), ZWithdrawal, { txHash }, o),
  reject: (id: string, reason: string, o: Options) =>
    api.post(pathWith(Paths.adminWithdrawalReject, { id }), ZWithdrawal, { reason }, o),

  // Above the four-eyes threshold the answer is a request waiting for a second admin (decision 45).
  adjust: (body: TAdjustBalance, o: Options) =>
    api.post(Paths.adminAdjust, z.union([ZReceipt, ZApprovalPending]), body, o),
  deposit: (body: TManualDeposit, o: Options) =>
    api.post(Paths.adminDeposit, z.union([ZDeposit, ZApprovalPending]), body, o),
  airdrop: (body: TBulkAirdrop, o: Options) => api.post(Paths.adminAirdrop, ZBulkAirdropResult, body, o),

  transferRules: (signal?: AbortSignal) => api.get(Paths.adminTransferRules, ZTransferRules, { signal }),
  setTransferRule: (rule: TTransferRule, o: Options = {}) => api.put(Paths.adminTransferRules, ZOk, rule, o),
  exchangePairs: (signal?: AbortSignal) => api.get(Paths.adminExchangePairs, ZExchangePairs, { signal }),
  updateExchangePair: (
    id: string,
    change: { rate?: string; feeBps?: number; enabled?: boolean },
    o: Options = {},
  ) => api.put(pathWith(Paths.adminExchangePair, { id }), ZOk, change, o),
  setPrice: (currency: string, usdPrice: string, o: Options = {}) =>
    api.put(Paths.adminPrices, ZOk, { currency, usdPrice }, o),

  audit: (action: string | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminAudit, ZAuditPage, { query: { action, page, pageSize }, signal }),

  managedAccounts: (
    filter: Omit<TAdminManagedAccountsQuery, 'page' | 'pageSize'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) =>
    api.get(Paths.adminManagedAccounts, ZManagedAccountPage, {
      query: { ...filter, page, pageSize },
      signal,
    }),
  assignSubAccount: (body: TAssignSubAccount, o: Options = {}) =>
    api.post(Paths.adminManagedAccounts, ZAdminManagedAccount, body, o),
  removeSubAccount: (id: string, o: Options = {}) =>
    api.delete(pathWith(Paths.adminManagedAccount, { id }), ZAdminManagedAccount, o),

  // The admin's own wallet view and deposit channels are the catalogue of currencies and networks that
  // the forms offer: there is no separate admin call for them.
  currencies: (signal?: AbortSignal) => api.get(Paths.wallet, ZWalletOverview, { signal }),
  depositChannels: (signal?: AbortSignal) => api.get(Paths.depositInfo, ZDepositInfo, { signal }),
};

/** Query keys: invalidating `adminKeys.all` refreshes everything the admin area shows. */
export const adminKeys = {
  all: ['admin'] as const,
  members: ['admin', 'members'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  chainDeposits: ['admin', 'chain-deposits'] as const,
  reconciliation: ['admin', 'reconciliation'] as const,
  payouts: ['admin', 'payouts'] as const,
  payoutAlerts: ['admin', 'payout-alerts'] as const,
  audit: ['admin', 'audit'] as const,
  transferRules: ['admin', 'transfer-rules'] as const,
  exchangePairs: ['admin', 'exchange-pairs'] as const,
  managedAccounts: ['admin', 'managed-accounts'] as const,
  currencies: ['admin', 'currencies'] as const,
  depositChannels: ['admin', 'deposit-channels'] as const,
};

export interface CurrencyInfo {
  code: string;
  decimals: number;
  kind: 'stable' | 'coin' | 'promo';
  usdPrice: string;
}

/** Every active currency with its decimals, kind and USD price. */
export function useCurrencies() {
  return useQuery({
    queryKey: adminKeys.currencies,
    queryFn: async ({ signal }): Promise<CurrencyInfo[]> =>
      (await adminApi.currencies(signal)).currencies.map((c) => ({
        code: c.currency,
        decimals: c.decimals,
        kind: c.kind,
        usdPrice: c.usdPrice,
      })),
    staleTime: 60_000,
  });
}

/** Where deposits arrive: the currency and network pairs a manual deposit may name. */
export function useDepositChannels() {
  return useQuery({
    queryKey: adminKeys.depositChannels,
    queryFn: async ({ signal }) => (await adminApi.depositChannels(signal)).channels,
    staleTime: 60_000,
  });
}
