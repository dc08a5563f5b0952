import {
  ErrorCodes,
  Paths,
  type TAirdropRequest,
  type TBindAddressRequest,
  type TExchangeRequest,
  type TTestFaucetRequest,
  type TTransferRequest,
  type TWalletRecordsQuery,
  type TWithdrawRequest,
  ZDeposit,
  ZDepositInfo,
  ZExchangePairs,
  ZExchangeQuote,
  ZExchangeReceipt,
  ZReceipt,
  ZRecipient,
  ZTacSent,
  ZTestFaucetResult,
  ZTransferRules,
  ZWalletOverview,
  ZWalletRecord,
  ZWithdrawal,
  ZWithdrawalAddress,
  ZWithdrawalAddresses,
  ZWithdrawalOptions,
  zPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

const ZRecordPage = zPage(ZWalletRecord);
const ZWithdrawalPage = zPage(ZWithdrawal);
const ZDepositPage = zPage(ZDeposit);

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
  overview: (signal?: AbortSignal) => api.get(Paths.wallet, ZWalletOverview, { signal }),
  records: (filters: RecordFilters, page: number, pageSize: number) =>
    api.get(Paths.walletRecords, ZRecordPage, { query: { ...filters, page, pageSize } }),

  recipient: (username: string, signal?: AbortSignal) =>
    api.get(Paths.recipient, ZRecipient, { query: { username }, handled: recipientHandled, signal }),
  transferRules: (signal?: AbortSignal) => api.get(Paths.transferRules, ZTransferRules, { signal }),
  transfer: (body: TTransferRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.transfer, ZReceipt, body, { idempotencyKey: key, handled }),
  airdrop: (body: TAirdropRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.airdrop, ZReceipt, body, { idempotencyKey: key, handled }),

  exchangePairs: (signal?: AbortSignal) => api.get(Paths.exchangePairs, ZExchangePairs, { signal }),
  quote: (body: { pairId: string; amount: string }, handled: readonly string[]) =>
    api.post(Paths.exchangeQuote, ZExchangeQuote, body, { handled }),
  exchange: (body: TExchangeRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.exchange, ZExchangeReceipt, body, { idempotencyKey: key, handled }),

  withdrawAddresses: (signal?: AbortSignal) =>
    api.get(Paths.withdrawAddresses, ZWithdrawalAddresses, { signal }),
  sendAddressTac: (handled: readonly string[]) =>
    api.post(Paths.memberTac, ZTacSent, { purpose: 'withdraw_address' }, { handled }),
  bindAddress: (body: TBindAddressRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.withdrawAddresses, ZWithdrawalAddress, body, { idempotencyKey: key, handled }),

  withdrawOptions: (signal?: AbortSignal) => api.get(Paths.withdrawOptions, ZWithdrawalOptions, { signal }),
  withdrawals: (page: number, pageSize: number) =>
    api.get(Paths.withdrawals, ZWithdrawalPage, { query: { page, pageSize } }),
  withdraw: (body: TWithdrawRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.withdrawals, ZWithdrawal, body, { idempotencyKey: key, handled }),
  cancelWithdrawal: (id: string, key: string) =>
    api.post(pathWith(Paths.withdrawalCancel, { id }), ZWithdrawal, {}, { idempotencyKey: key }),

  depositInfo: (signal?: AbortSignal) => api.get(Paths.depositInfo, ZDepositInfo, { signal }),
  deposits: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.deposits, ZDepositPage, { query: { page, pageSize }, signal }),
  /** Development only: test tokens from the development chain to the member's own address. */
  testFaucet: (body: TTestFaucetRequest) => api.post(Paths.testFaucet, ZTestFaucetResult, body),
};
