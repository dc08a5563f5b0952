import { z } from 'zod';
import { ZMemberRef, ZTacCode } from './auth';
import { ZPageQuery, ZTimestamp, zSerialId } from './common';
import { ZSealed } from './crypto';
import { Networks } from './networks';

// Amounts travel as decimal strings in whole units ("20.5"), never as JSON numbers. A request's amount is
// parsed on the server with its currency's decimals (AMOUNT_* codes); an answer's amount carries every
// decimal of its currency ("20.500000"), so a client can parse it back exactly.

export const WalletNames = ['deposit', 'trading', 'reward', 'funds'] as const;
export const ZWallet = z.enum(WalletNames);
export type TWallet = z.infer<typeof ZWallet>;

export const ZNetwork = z.enum(Networks);
export type NetworkName = z.infer<typeof ZNetwork>;

export const ZCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, { message: 'CURRENCY_UNKNOWN' });

/** What a member typed as an amount; its precision is checked against the currency on the server. */
export const ZAmountText = z.string().trim().min(1, { message: 'AMOUNT_INVALID' }).max(80, {
  message: 'AMOUNT_INVALID',
});

export const ZDecimal = z.string();

export const ZCurrencyKind = z.enum(['stable', 'coin', 'promo']);

export const ZWalletBalance = z.object({
  wallet: ZWallet,
  /** What the member may spend. */
  available: ZDecimal,
  /** Held for withdrawals awaiting approval. */
  held: ZDecimal,
});

export const ZCurrencyBalances = z.object({
  currency: z.string(),
  decimals: z.number().int(),
  kind: ZCurrencyKind,
  /** USD per whole coin. */
  usdPrice: ZDecimal,
  wallets: z.array(ZWalletBalance),
  /** available + held over the four wallets */
  total: ZDecimal,
  usdValue: ZDecimal,
});
export type TCurrencyBalances = z.infer<typeof ZCurrencyBalances>;

export const ZWalletOverview = z.object({
  currencies: z.array(ZCurrencyBalances),
  /** USD value of every balance, 6 decimals. */
  usdTotal: ZDecimal,
});
export type TWalletOverview = z.infer<typeof ZWalletOverview>;

export const RecordKinds = [
  'deposit',
  'transfer',
  'withdrawal',
  'fee',
  'exchange',
  'airdrop',
  'bonus',
  'mining_payout',
  'adjustment',
  'purchase',
  'reversal',
] as const;
export const ZRecordKind = z.enum(RecordKinds);

export const ZWalletRecordsQuery = ZPageQuery.extend({
  wallet: ZWallet.optional(),
  currency: ZCurrencyCode.optional(),
  kind: ZRecordKind.optional(),
});
export type TWalletRecordsQuery = z.infer<typeof ZWalletRecordsQuery>;

export const ZWalletRecord = z.object({
  id: z.string(),
  createdAt: ZTimestamp,
  kind: z.string(),
  currency: z.string(),
  wallet: ZWallet,
  direction: z.enum(['in', 'out']),
  amount: ZDecimal,
  /** The wallet's posted balance right after this record. */
  balanceAfter: ZDecimal,
  status: z.enum(['pending', 'posted', 'voided']),
  /** A member's masked username, or the platform side (`system:<code>`). */
  counterparty: z.string().nullable(),
  memo: z.string(),
});
export type TWalletRecord = z.infer<typeof ZWalletRecord>;

export const ZRecipientQuery = z.object({ username: ZMemberRef });
export const ZRecipient = z.object({ username: z.string(), maskedName: z.string() });
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZTransferRequest = z.object({
  to: ZMemberRef,
  currency: ZCurrencyCode,
  fromWallet: ZWallet,
  toWallet: ZWallet,
  amount: ZAmountText,
  memo: z.string().trim().max(140).default(''),
  password: ZSealed,
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

export const ZTransferRule = z.object({
  fromWallet: ZWallet,
  toWallet: ZWallet,
  currency: z.string(),
  enabled: z.boolean(),
});
export type TTransferRule = z.infer<typeof ZTransferRule>;
export const ZTransferRules = z.object({ items: z.array(ZTransferRule) });

export const ZReceipt = z.object({
  id: z.string(),
  createdAt: ZTimestamp,
  currency: z.string(),
  amount: ZDecimal,
  /** The sender's wallet balance after the move. */
  balanceAfter: ZDecimal,
  counterparty: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZAirdropRequest = z.object({
  to: ZMemberRef,
  currency: ZCurrencyCode,
  amount: ZAmountText,
  password: ZSealed,
});
export type TAirdropRequest = z.infer<typeof ZAirdropRequest>;

export const ZExchangePair = z.object({
  id: z.string(),
  fromCurrency: z.string(),
  fromWallet: ZWallet,
  toCurrency: z.string(),
  toWallet: ZWallet,
  pricing: z.enum(['fixed', 'market']),
  /** Whole `to` units per whole `from` unit, as a decimal (rounded down to 12 places for display). */
  rate: ZDecimal,
  feeBps: z.number().int(),
  minAmount: ZDecimal,
  enabled: z.boolean(),
});
export type TExchangePair = z.infer<typeof ZExchangePair>;
export const ZExchangePairs = z.object({ items: z.array(ZExchangePair) });

export const ZExchangeQuoteRequest = z.object({
  pairId: zSerialId(),
  amount: ZAmountText,
});
export const ZExchangeQuote = z.object({
  pairId: z.string(),
  fromCurrency: z.string(),
  toCurrency: z.string(),
  amount: ZDecimal,
  rate: ZDecimal,
  /** What the rate gives, before the fee. */
  gross: ZDecimal,
  fee: ZDecimal,
  /** What arrives in the target wallet. */
  net: ZDecimal,
  /** Binds the confirmation to this rate and fee: if either changes, the exchange is refused. */
  quoteToken: z.string(),
});
export type TExchangeQuote = z.infer<typeof ZExchangeQuote>;

export const ZExchangeRequest = ZExchangeQuoteRequest.extend({
  quoteToken: z.string().min(1).max(200),
  password: ZSealed,
});
export type TExchangeRequest = z.infer<typeof ZExchangeRequest>;

export const ZExchangeReceipt = ZExchangeQuote.omit({ quoteToken: true }).extend({
  id: z.string(),
  createdAt: ZTimestamp,
});
export type TExchangeReceipt = z.infer<typeof ZExchangeReceipt>;

export const ZWithdrawalAddress = z.object({
  network: ZNetwork,
  address: z.string().nullable(),
  boundAt: ZTimestamp.nullable(),
});
export type TWithdrawalAddress = z.infer<typeof ZWithdrawalAddress>;
export const ZWithdrawalAddresses = z.object({ items: z.array(ZWithdrawalAddress) });

export const ZBindAddressRequest = z.object({
  network: ZNetwork,
  address: z.string().trim().min(1, { message: 'ADDRESS_INVALID' }).max(100, { message: 'ADDRESS_INVALID' }),
  code: ZTacCode,
  password: ZSealed,
});
export type TBindAddressRequest = z.infer<typeof ZBindAddressRequest>;

export const ZWithdrawalOption = z.object({
  currency: z.string(),
  decimals: z.number().int(),
  minAmount: ZDecimal,
  feeBps: z.number().int(),
  wallets: z.array(ZWallet),
  networks: z.array(ZNetwork),
});
export type TWithdrawalOption = z.infer<typeof ZWithdrawalOption>;
export const ZWithdrawalOptions = z.object({ items: z.array(ZWithdrawalOption), note: z.string() });
export type TWithdrawalOptions = z.infer<typeof ZWithdrawalOptions>;

export const WithdrawalStatuses = ['pending', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export const ZWithdrawalStatus = z.enum(WithdrawalStatuses);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

export const ZWithdrawRequest = z.object({
  currency: ZCurrencyCode,
  wallet: ZWallet,
  network: ZNetwork,
  amount: ZAmountText,
  password: ZSealed,
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  currency: z.string(),
  wallet: ZWallet,
  network: ZNetwork,
  address: z.string(),
  amount: ZDecimal,
  fee: ZDecimal,
  /** amount - fee: what is sent to the address. */
  payout: ZDecimal,
  status: ZWithdrawalStatus,
  reason: z.string(),
  txHash: z.string().nullable(),
  createdAt: ZTimestamp,
  decidedAt: ZTimestamp.nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawalsQuery = ZPageQuery.extend({ status: ZWithdrawalStatus.optional() });

/** Where a member sends a currency on one network: their own address (decision 53). */
export const ZDepositChannel = z.object({
  currency: z.string(),
  network: ZNetwork,
  /** The member's own deposit address on this network (EIP-55 on EVM chains, T... on TRON). */
  address: z.string(),
  /** The EVM chain id (null on TRON). */
  chainId: z.number().int().nullable(),
  /** The token contract the deposit must be a transfer of. */
  token: z.string(),
  /** What a wallet app scans: EIP-681 on EVM chains (`ethereum:<token>@<chainId>/transfer?address=...`). */
  uri: z.string(),
  minAmount: ZDecimal,
  confirmations: z.number().int(),
});
export type TDepositChannel = z.infer<typeof ZDepositChannel>;
export const ZDepositInfo = z.object({
  channels: z.array(ZDepositChannel),
  /** Development only: the deposit page may send test tokens from the development chain's first account. */
  testFaucet: z.boolean(),
});
export type TDepositInfo = z.infer<typeof ZDepositInfo>;

/** Development only: 100 test tokens from the development chain's funder to the member's own address. */
export const ZTestFaucetRequest = z.object({
  currency: z.enum(['USDT', 'USDC']),
  network: z.literal('ERC20'),
});
export type TTestFaucetRequest = z.infer<typeof ZTestFaucetRequest>;
export const ZTestFaucetResult = z.object({ txHash: z.string(), amount: ZDecimal, address: z.string() });
export type TTestFaucetResult = z.infer<typeof ZTestFaucetResult>;

export const DepositStatuses = ['pending', 'credited', 'below_minimum', 'orphaned'] as const;
export const ZDepositStatus = z.enum(DepositStatuses);
export type TDepositStatus = z.infer<typeof ZDepositStatus>;

export const ZDeposit = z.object({
  id: z.string(),
  currency: z.string(),
  network: ZNetwork,
  amount: ZDecimal,
  txHash: z.string(),
  source: z.enum(['manual', 'chain']),
  /** pending: seen on chain, counting confirmations; below_minimum: shown, never credited; orphaned: left the chain. */
  status: ZDepositStatus,
  /** Blocks on top of the deposit's block, itself included (manual deposits: equal to `required`). */
  confirmations: z.number().int(),
  required: z.number().int(),
  createdAt: ZTimestamp,
});
export type TDeposit = z.infer<typeof ZDeposit>;

// --- admin -------------------------------------------------------------------------------------------

/** Why the platform did not pay an approved withdrawal itself (decision 61); null when nothing is wrong. */
export const ZPayoutAlert = z.enum(['HOT_WALLET_LOW_TOKEN', 'HOT_WALLET_LOW_GAS', 'PAYOUT_FAILED']);
export type TPayoutAlert = z.infer<typeof ZPayoutAlert>;
export const ZAdminWithdrawal = ZWithdrawal.extend({
  username: z.string(),
  memberId: z.string(),
  payoutAlert: ZPayoutAlert.nullable(),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export const ZAdminWithdrawalsQuery = ZWithdrawalsQuery.extend({
  q: z.string().trim().max(64).optional(),
});

const ZReason = z.string().trim().min(3, { message: 'REASON_REQUIRED' }).max(500);
const ZTxHash = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, { message: 'TX_HASH_INVALID' });

export const ZApproveWithdrawal = z.object({ txHash: ZTxHash.optional() });
export const ZMarkWithdrawalPaid = z.object({ txHash: ZTxHash });
export const ZRejectWithdrawal = z.object({ reason: ZReason });

export const ZAdjustBalance = z.object({
  username: ZMemberRef,
  currency: ZCurrencyCode,
  wallet: ZWallet,
  direction: z.enum(['credit', 'debit']),
  amount: ZAmountText,
  reason: ZReason,
});
export type TAdjustBalance = z.infer<typeof ZAdjustBalance>;

export const ZManualDeposit = z.object({
  username: ZMemberRef,
  currency: ZCurrencyCode,
  network: ZNetwork,
  amount: ZAmountText,
  /** Required and unique per network: one transfer on chain is credited once (DEPOSIT_TX_KNOWN). */
  txHash: ZTxHash,
  reason: ZReason,
});
export type TManualDeposit = z.infer<typeof ZManualDeposit>;

/** The admin's filters of chain deposits; `flagged`: credited, then gone in a deeper reorg (decision 53). */
export const AdminChainDepositFilters = [
  'pending',
  'credited',
  'below_minimum',
  'orphaned',
  'flagged',
] as const;
export const ZAdminChainDepositsQuery = ZPageQuery.extend({
  status: z.enum(AdminChainDepositFilters).optional(),
  /** A member's username, or a transaction hash (prefix). */
  q: z.string().trim().max(80).optional(),
});
export type TAdminChainDepositsQuery = z.infer<typeof ZAdminChainDepositsQuery>;
export const ZAdminChainDeposit = z.object({
  id: z.string(),
  username: z.string(),
  memberId: z.string(),
  network: ZNetwork,
  currency: z.string(),
  amount: ZDecimal,
  address: z.string(),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  status: ZDepositStatus,
  /** Blocks on top of the deposit's block, itself included, as far as the watcher has followed the chain. */
  confirmations: z.number().int(),
  required: z.number().int(),
  flaggedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  creditedAt: ZTimestamp.nullable(),
});
export type TAdminChainDeposit = z.infer<typeof ZAdminChainDeposit>;

/** What the platform holds of one token on one network: its hot wallet, and members' unswept addresses. */
export const ZChainHolding = z.object({
  network: ZNetwork,
  currency: z.string(),
  token: z.string(),
  /** null: no hot wallet key (watch-only). */
  hotWallet: ZDecimal.nullable(),
  depositAddresses: ZDecimal,
  addresses: z.number().int(),
});
export type TChainHolding = z.infer<typeof ZChainHolding>;
/** Per currency: on chain (hot wallet + unswept deposit addresses) beside what the ledger owes members. */
export const ZReconciliationRow = z.object({
  currency: z.string(),
  onChain: ZDecimal,
  owed: ZDecimal,
  /** onChain - owed: below zero the platform holds less than it owes. */
  difference: ZDecimal,
});
export type TReconciliationRow = z.infer<typeof ZReconciliationRow>;
export const ZReconciliation = z.object({
  currencies: z.array(ZReconciliationRow),
  holdings: z.array(ZChainHolding),
  /** Networks whose node did not answer: their holdings are missing from the sums. */
  unreadable: z.array(ZNetwork),
  checkedAt: ZTimestamp,
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

export const ZBulkAirdrop = z.object({
  currency: ZCurrencyCode,
  amount: ZAmountText,
  usernames: z.array(ZMemberRef).min(1).max(500),
  reason: ZReason,
});
export type TBulkAirdrop = z.infer<typeof ZBulkAirdrop>;
export const ZBulkAirdropResult = z.object({ credited: z.number().int(), transferIds: z.array(z.string()) });

export const ZSetTransferRule = ZTransferRule.extend({ currency: ZCurrencyCode });

export const ZUpdateExchangePair = z.object({
  /** Fixed pairs: whole `to` units per whole `from` unit, as a decimal string. */
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, { message: 'AMOUNT_INVALID' })
    // A rate of zero would give nothing for something (and cannot be stored as a fraction).
    .refine((text) => /[1-9]/.test(text), { message: 'AMOUNT_INVALID' })
    .optional(),
  feeBps: z.number().int().min(0).max(5000).optional(),
  enabled: z.boolean().optional(),
});

export const ZSetPrice = z.object({
  currency: ZCurrencyCode,
  usdPrice: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,6})?$/, { message: 'AMOUNT_INVALID' }),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: ZTimestamp,
});
export const ZAuditQuery = ZPageQuery.extend({ action: z.string().trim().max(60).optional() });
