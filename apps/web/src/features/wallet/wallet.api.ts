import {
  AuthEndpoints,
  ErrorCodes,
  type TAirdropRequest,
  type TBindAddressRequest,
  type TExchangeRequest,
  TestFaucetEndpoints,
  type TTestFaucetRequest,
  type TTransferRequest,
  type TWalletRecordsQuery,
  type TWithdrawRequest,
  WalletEndpoints,
} from '@app/contracts';
import { api } from '../../app/api';

export type RecordFilters = Pick<TWalletRecordsQuery, 'wallet' | 'currency' | 'kind'>;

/** Everything under `wallet` is refreshed at once after money moves: `invalidateQueries(walletKeys.all)`. */
export const walletKeys = {
  all: ['wallet'] as const,
  overview: ['wallet', 'overview'] as const,
  records: (filters: RecordFilters) => ['wallet', 'records', filters] as const,
  recipient: (username: string) => ['wallet', 'recipient', username.toLowerCase()] as const,
  transferRules: ['wallet', 'transfer-rules'] as const,
  exchangePairs: ['wallet', 'exchange-pairs'] as const,
  withdrawOptions: ['wallet', 'withdraw-options'] as const,
  withdrawAddresses: ['wallet', 'withdraw-addresses'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  depositInfo: ['wallet', 'deposit-info'] as const,
  deposits: ['wallet', 'deposits'] as const,
  /** The newest deposits, polled while one is pending (not under `deposits`: it would refresh the list). */
  depositsWatch: ['wallet', 'deposits-watch'] as const,
};

/**
 * A confirmation in the receipt popup shows every refusal on the popup itself, where the member is looking
 * (a dead session still goes to login: the API client does that before it looks at `handled`).
 */
export const confirmHandled: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** Codes a recipient lookup shows under its field rather than as a toast or the 404 modal. */
export const recipientHandled = ['RECIPIENT_NOT_FOUND', 'RECIPIENT_IS_SELF', 'VALIDATION_FAILED'];

/**
 * The member's wallet calls. Calls that move money take the Idempotency-Key of the member's confirmation
 * (`key`) and the codes the calling screen shows itself (`handled`).
 */
export const walletApi = {
  overview: (signal?: AbortSignal) => api.call(WalletEndpoints.wallet, { signal }),
  records: (filters: RecordFilters, page: number, pageSize: number) =>
    api.call(WalletEndpoints.walletRecords, { query: { ...filters, page, pageSize } }),

  recipient: (username: string, signal?: AbortSignal) =>
    api.call(WalletEndpoints.recipient, { query: { username }, handled: recipientHandled, signal }),
  transferRules: (signal?: AbortSignal) => api.call(WalletEndpoints.transferRules, { signal }),
  transfer: (body: TTransferRequest, key: string, handled: readonly string[]) =>
    api.call(WalletEndpoints.transfer, { body, idempotencyKey: key, handled }),
  airdrop: (body: TAirdropRequest, key: string, handled: readonly string[]) =>
    api.call(WalletEndpoints.airdrop, { body, idempotencyKey: key, handled }),

  exchangePairs: (signal?: AbortSignal) => api.call(WalletEndpoints.exchangePairs, { signal }),
  quote: (body: { pairId: string; amount: string }, handled: readonly string[]) =>
    api.call(WalletEndpoints.exchangeQuote, { body, handled }),
  exchange: (body: TExchangeRequest, key: string, handled: readonly string[]) =>
    api.call(WalletEndpoints.exchange, { body, idempotencyKey: key, handled }),

  withdrawAddresses: (signal?: AbortSignal) => api.call(WalletEndpoints.withdrawAddresses, { signal }),
  sendAddressTac: (handled: readonly string[]) =>
    api.call(AuthEndpoints.memberTac, { body: { purpose: 'withdraw_address' }, handled }),
  bindAddress: (body: TBindAddressRequest, key: string, handled: readonly string[]) =>
    api.call(WalletEndpoints.postWithdrawAddresses, { body, idempotencyKey: key, handled }),

  withdrawOptions: (signal?: AbortSignal) => api.call(WalletEndpoints.withdrawOptions, { signal }),
  withdrawals: (page: number, pageSize: number) =>
    api.call(WalletEndpoints.withdrawals, { query: { page, pageSize } }),
  withdraw: (body: TWithdrawRequest, key: string, handled: readonly string[]) =>
    api.call(WalletEndpoints.postWithdrawals, { body, idempotencyKey: key, handled }),
  cancelWithdrawal: (id: string, key: string) =>
    api.call(WalletEndpoints.withdrawalCancel, { params: { id }, idempotencyKey: key }),

  depositInfo: (signal?: AbortSignal) => api.call(WalletEndpoints.depositInfo, { signal }),
  deposits: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(WalletEndpoints.deposits, { query: { page, pageSize }, signal }),
  /** Development only: test tokens from the development chain to the member's own address. */
  testFaucet: (body: TTestFaucetRequest) => api.call(TestFaucetEndpoints.testFaucet, { body }),
};
