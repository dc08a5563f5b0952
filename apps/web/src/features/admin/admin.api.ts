import {
  AdminEndpoints,
  ChainAdminEndpoints,
  ManagedAccountsEndpoints,
  PayoutsEndpoints,
  type TAdjustBalance,
  type TAdminChainDepositsQuery,
  type TAdminManagedAccountsQuery,
  type TAssignSubAccount,
  type TBulkAirdrop,
  type TManualDeposit,
  type TTransferRule,
  type TWithdrawalStatus,
  WalletAdminEndpoints,
  WalletEndpoints,
  type ZAdminMemberItem,
  type ZAuditEntry,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../app/api';

export type TAdminMember = z.infer<typeof ZAdminMemberItem>;
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

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
    api.call(AdminEndpoints.adminMembers, { query: { q, page, pageSize }, signal }),

  chainDeposits: (
    filter: Pick<TAdminChainDepositsQuery, 'status' | 'q'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.call(ChainAdminEndpoints.adminChainDeposits, { query: { ...filter, page, pageSize }, signal }),
  reconciliation: (signal?: AbortSignal) => api.call(ChainAdminEndpoints.adminReconciliation, { signal }),
  payouts: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(PayoutsEndpoints.adminPayouts, { query: { page, pageSize }, signal }),
  payoutAlerts: (signal?: AbortSignal) => api.call(PayoutsEndpoints.adminPayoutAlerts, { signal }),
  retryPayout: (withdrawalId: string, o: Options) =>
    api.call(PayoutsEndpoints.postAdminPayoutRetry, { params: { id: withdrawalId }, ...o }),

  withdrawals: (filter: WithdrawalFilter, page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(WalletAdminEndpoints.adminWithdrawals, { query: { ...filter, page, pageSize }, signal }),
  approve: (id: string, txHash: string | undefined, o: Options) =>
    api.call(WalletAdminEndpoints.adminWithdrawalApprove, {
      params: { id },
      body: txHash ? { txHash } : {},
      ...o,
    }),
  markPaid: (id: string, txHash: string, o: Options) =>
    api.call(WalletAdminEndpoints.adminWithdrawalPaid, { params: { id }, body: { txHash }, ...o }),
  reject: (id: string, reason: string, o: Options) =>
    api.call(WalletAdminEndpoints.adminWithdrawalReject, { params: { id }, body: { reason }, ...o }),

  // Above the four-eyes threshold the answer is a request waiting for a second admin (decision 45).
  adjust: (body: TAdjustBalance, o: Options) => api.call(WalletAdminEndpoints.adminAdjust, { body, ...o }),
  deposit: (body: TManualDeposit, o: Options) => api.call(WalletAdminEndpoints.adminDeposit, { body, ...o }),
  airdrop: (body: TBulkAirdrop, o: Options) => api.call(WalletAdminEndpoints.adminAirdrop, { body, ...o }),

  transferRules: (signal?: AbortSignal) => api.call(WalletAdminEndpoints.adminTransferRules, { signal }),
  setTransferRule: (rule: TTransferRule, o: Options = {}) =>
    api.call(WalletAdminEndpoints.putAdminTransferRules, { body: rule, ...o }),
  exchangePairs: (signal?: AbortSignal) => api.call(WalletAdminEndpoints.adminExchangePairs, { signal }),
  updateExchangePair: (
    id: string,
    change: { rate?: string; feeBps?: number; enabled?: boolean },
    o: Options = {},
  ) => api.call(WalletAdminEndpoints.adminExchangePair, { params: { id }, body: change, ...o }),
  setPrice: (currency: string, usdPrice: string, o: Options = {}) =>
    api.call(WalletAdminEndpoints.adminPrices, { body: { currency, usdPrice }, ...o }),

  audit: (action: string | undefined, page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(WalletAdminEndpoints.adminAudit, { query: { action, page, pageSize }, signal }),

  managedAccounts: (
    filter: Omit<TAdminManagedAccountsQuery, 'page' | 'pageSize'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) =>
    api.call(ManagedAccountsEndpoints.adminManagedAccounts, {
      query: { ...filter, page, pageSize },
      signal,
    }),
  assignSubAccount: (body: TAssignSubAccount, o: Options = {}) =>
    api.call(ManagedAccountsEndpoints.postAdminManagedAccounts, { body, ...o }),
  removeSubAccount: (id: string, o: Options = {}) =>
    api.call(ManagedAccountsEndpoints.adminManagedAccount, { params: { id }, ...o }),

  // The admin's own wallet view and deposit channels are the catalogue of currencies and networks that
  // the forms offer: there is no separate admin call for them.
  currencies: (signal?: AbortSignal) => api.call(WalletEndpoints.wallet, { signal }),
  depositChannels: (signal?: AbortSignal) => api.call(WalletEndpoints.depositInfo, { signal }),
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
