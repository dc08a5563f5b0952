import type { TLanguage, TLocalizedText, TTranslations } from '@app/contracts';
import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Timestamps come back as Date; bigint ids as strings (pg's default). */
/** A timestamp with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A bigint identity column: generated always, never written. */
type Id = ColumnType<string, never, never>;

export interface MembersTable {
  id: Id;
  username: string;
  email: string | null;
  mobile: string | null;
  full_name: string | null;
  password_hash: string;
  transaction_password_hash: string | null;
  role: 'member' | 'admin' | 'support';
  sponsor_id: string | null;
  placement_parent_id: string | null;
  placement_side: 'left' | 'right' | null;
  placement_depth: number;
  language: Generated<string>;
  created_at: Timestamp;
  /** An upload of purpose 'avatar' the member claimed (migration 0013). */
  avatar_upload_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Members in sponsor levels 1..5, kept by a trigger at sign-up (0016b, 0018). */
export interface TeamCountsTable {
  member_id: string;
  sponsor_levels: ColumnType<string[], never, never>;
}

/** Members in each placement leg, as of `member_count_mark`: added by the bonus runs (0018). */
export interface MemberLegCountsTable {
  member_id: string;
  left_members: Generated<string>;
  right_members: Generated<string>;
}

/** Members who joined before `counted_until` are in `member_leg_counts` (0018). */
export interface MemberCountMarkTable {
  id: Generated<number>;
  counted_until: Date;
}

/** Each member's placement ancestors 1, 2, 4, 8 ... levels up, written by a trigger at insert (0016b). */
export interface PlacementJumpsTable {
  member_id: string;
  jumps: ColumnType<string[], never, never>;
}

export interface TeamFavouritesTable {
  member_id: string;
  favourite_id: string;
  created_at: Timestamp;
}

/** Tries of one login subject from one address (0030, decision 43). */
export interface LoginThrottleTable {
  /** `m:<member id>`, or `u:<login>` for a login no member has. */
  subject: string;
  ip: string;
  failures: Generated<number>;
  next_try_at: Timestamp;
  last_try_at: Timestamp;
  trusted_until: Date | null;
}

/** Failures of one login subject from every address in its current window (0030, decision 43). */
export interface LoginThrottleAccountsTable {
  subject: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
}

/** Migration 0029 (decision 42): money leaving a member waits after a credential change. */
export interface MoneyHoldsTable {
  id: Id;
  member_id: string;
  reason:
    | 'password_changed'
    | 'password_reset'
    | 'contact_changed'
    | 'transaction_password_set'
    | 'transaction_password_changed';
  starts_at: Timestamp;
  ends_at: Date;
}

/** Migration 0029: the row each check of a member's transaction password holds locked, and the lock. */
export interface TransactionPasswordGuardsTable {
  member_id: string;
  locked_until: Date | null;
  /** Migration 0036: right passwords so far; only failures of the current generation count (decision 83). */
  generation: Generated<string>;
}

/** Migration 0029: wrong transaction passwords; those of the guard's generation within the window count. */
export interface TransactionPasswordFailuresTable {
  id: Id;
  member_id: string;
  at: Timestamp;
  /** Migration 0036: the guard's generation when this failure was counted. */
  generation: Generated<string>;
}

export interface SessionsTable {
  id: Generated<string>;
  member_id: string;
  token_hash: Buffer;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: Date | null;
  end_reason: string | null;
}

/** A staff member's TOTP second factor (0032); the secret sealed under the master key. */
export interface StaffTotpTable {
  member_id: string;
  secret_sealed: Buffer;
  confirmed_at: Date | null;
  /** bigint as text: the last accepted RFC 6238 time step. */
  last_step: string | null;
  failed_count: Generated<number>;
  failed_since: Date | null;
  locked_until: Date | null;
  created_at: Timestamp;
}

export interface StaffRecoveryCodesTable {
  id: Id;
  member_id: string;
  code_hash: Buffer;
  used_at: Date | null;
  created_at: Timestamp;
}

/** The second-factor state of a staff session; no row: enrolment only (0032). */
export interface StaffSessionsTable {
  session_id: string;
  member_id: string;
  verified_at: Timestamp;
  step_up_at: Date | null;
}

export interface AdminApprovalsTable {
  id: string;
  kind: 'adjustment' | 'manual_deposit';
  payload: ColumnType<unknown, string, string>;
  member_id: string;
  currency: string;
  amount: Numeric;
  usd_micros: Numeric;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requested_by: string;
  requested_at: Timestamp;
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  transfer_id: string | null;
}

export interface TacCodesTable {
  id: Generated<string>;
  purpose: string;
  destination: string;
  member_id: string | null;
  code_hash: Buffer;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: Timestamp;
}

export interface CryptoNoncesTable {
  nonce: string;
  session_id: string;
  expires_at: Date;
  used_at: Date | null;
  /** The idempotent request (`<member id>:<key>`) that used it up; a run of the same request may again. */
  used_for: string | null;
}

export interface MailLogTable {
  id: Generated<string>;
  member_id: string | null;
  channel: 'email' | 'sms';
  destination: string;
  subject: string;
  purpose: string;
  sent_at: Timestamp;
}

/** NUMERIC(38,0) amounts: strings from pg, written as decimal strings; BigInt() at the repository edge. */
type Numeric = ColumnType<string, string, string>;
/** A NUMERIC amount with a database default (running totals that start at 0): optional on insert. */
type NumericWithDefault = ColumnType<string, string | undefined, string>;
/** A DATE: 'YYYY-MM-DD' both ways (database.ts keeps pg from turning it into a Date at local midnight). */
type Day = string;
/** A column of an append-only row: written once on insert, never updated. */
type Once<T> = ColumnType<T, T, never>;

export interface CurrenciesTable {
  code: string;
  decimals: number;
  kind: 'stable' | 'coin' | 'promo';
  active: Generated<boolean>;
}

export interface LedgerAccountsTable {
  id: Id;
  member_id: string | null;
  wallet: 'deposit' | 'trading' | 'reward' | 'funds' | null;
  system_code: string | null;
  currency: string;
  debits_posted: NumericWithDefault;
  credits_posted: NumericWithDefault;
  debits_pending: NumericWithDefault;
  credits_pending: NumericWithDefault;
  created_at: Timestamp;
}

export interface LedgerTransfersTable {
  id: Once<string>;
  seq: Id;
  debit_account_id: Once<string>;
  credit_account_id: Once<string>;
  amount: Once<string>;
  currency: Once<string>;
  kind: Once<string>;
  status: Once<'posted' | 'pending' | 'post_pending' | 'void_pending'>;
  pending_id: Once<string | null>;
  linked_id: Once<string | null>;
  reverses_id: Once<string | null>;
  memo: Once<string>;
  /** jsonb: read as an object, written as its JSON text. */
  meta: ColumnType<Record<string, unknown>, string, never>;
  created_by: Once<string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  debit_balance_after: Once<string>;
  credit_balance_after: Once<string>;
}

export interface IdempotencyKeysTable {
  member_id: string;
  key: string;
  request_hash: Buffer;
  status: 'running' | 'done';
  owner: string | null;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: Timestamp;
  claimed_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  actor_id: string | null;
  action: string;
  subject: string;
  /** jsonb: read as an object, written as its JSON text. */
  detail: ColumnType<Record<string, unknown>, string, never>;
  ip: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CurrencyPricesTable {
  currency: string;
  usd_micros: Numeric;
  updated_at: Timestamp;
  /** A lowered price, remembered for four eyes until `four_eyes_floor_until` (0042, decision 58). */
  four_eyes_floor_micros: NumericWithDefault;
  four_eyes_floor_until: Timestamp | null;
}

type WalletName = 'deposit' | 'trading' | 'reward' | 'funds';
type NetworkName = 'TRC20' | 'ERC20' | 'BEP20';

export interface WalletTransferRulesTable {
  from_wallet: WalletName;
  to_wallet: WalletName;
  currency: string;
  enabled: Generated<boolean>;
  updated_at: Timestamp;
}

export interface ExchangePairsTable {
  id: Id;
  from_currency: string;
  from_wallet: WalletName;
  to_currency: string;
  to_wallet: WalletName;
  pricing: 'fixed' | 'market';
  rate_num: Numeric;
  rate_den: Numeric;
  fee_bps: Generated<number>;
  min_amount: Numeric;
  enabled: Generated<boolean>;
  version: Generated<number>;
  updated_at: Timestamp;
}

export interface WithdrawalSettingsTable {
  currency: string;
  min_amount: Numeric;
  fee_bps: number;
  wallets: WalletName[];
  networks: NetworkName[];
  enabled: Generated<boolean>;
  updated_at: Timestamp;
}

export interface DepositChannelsTable {
  currency: string;
  network: NetworkName;
  min_amount: Numeric;
  confirmations: number;
  enabled: Generated<boolean>;
  /** The token contract watched on the channel's chain (null: not watched, credited by staff). */
  token_address: string | null;
  /** The token's own decimals; amounts are converted to the currency's (BEP-20 USDT: 18 to 6). */
  token_decimals: Generated<number>;
  /** Withdrawals on this channel are paid by the platform's hot wallet (false: an admin enters the hash). */
  auto_payout: Generated<boolean>;
}

/** bigint: pg hands it back as a string; written as a string or a number. */
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export type ChainFamily = 'evm' | 'tron';

export interface DepositAddressesTable {
  member_id: string;
  family: ChainFamily;
  derivation_index: Int8;
  address: string;
  created_at: Generated<Date>;
}

export interface ChainCursorsTable {
  network: NetworkName;
  chain_id: Int8;
  genesis_hash: string;
  block_number: Int8;
  updated_at: Generated<Date>;
  /** The head the last pass saw, and when it ended (0038, decision 67). */
  head_number: Int8 | null;
  passed_at: Date | null;
}

export interface ChainBlocksTable {
  network: NetworkName;
  number: Int8;
  hash: string;
  parent_hash: string;
}

export interface ChainSweepsTable {
  id: Id;
  network: 'ERC20' | 'BEP20' | 'TRC20';
  address: string;
  token: string;
  kind: 'gas' | 'sweep';
  tx_hash: string;
  amount: Numeric;
  status: ColumnType<
    'sent' | 'confirmed' | 'failed',
    'sent' | 'confirmed' | 'failed' | undefined,
    'sent' | 'confirmed' | 'failed'
  >;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
  /** TRC20 only: the signed transaction, stored before it is broadcast (0045, decision 69). */
  raw_tx: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ChainDepositStatus = 'pending' | 'credited' | 'below_minimum' | 'orphaned';

export interface ChainDepositsTable {
  id: string;
  network: NetworkName;
  currency: string;
  member_id: string;
  address: string;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  block_hash: string;
  amount: Numeric;
  status: ColumnType<ChainDepositStatus, ChainDepositStatus | undefined, ChainDepositStatus>;
  flagged_at: Timestamp | null;
  reversed_transfer_id: string | null;
  transfer_id: string | null;
  created_at: Generated<Date>;
  credited_at: Date | null;
}

export type ChainPayoutStatus = 'signed' | 'broadcast' | 'confirmed' | 'failed';

/** The next nonce the platform hands out per hot wallet and network (locked while one is taken). */
export interface ChainPayoutNoncesTable {
  network: NetworkName;
  from_address: string;
  next_nonce: Int8;
}

/** A withdrawal paid from the hot wallet: the signed transaction is stored before it is broadcast. */
export interface ChainPayoutsTable {
  id: string;
  withdrawal_id: string;
  network: NetworkName;
  from_address: string;
  to_address: string;
  token_address: string;
  token_amount: Numeric;
  nonce: Int8;
  gas: Int8;
  max_fee_per_gas: Numeric;
  max_priority_fee_per_gas: Numeric;
  raw_tx: string;
  tx_hash: string;
  tx_hashes: string[];
  status: ChainPayoutStatus;
  attempts: Generated<number>;
  broadcast_block: Int8 | null;
  mined_hash: string | null;
  mined_block: Int8 | null;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Timestamp;
}

export interface WithdrawalAddressesTable {
  member_id: string;
  network: NetworkName;
  address: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface WithdrawalsTable {
  id: string;
  member_id: string;
  currency: string;
  wallet: WalletName;
  network: NetworkName;
  address: string;
  amount: string;
  fee: string;
  status: 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';
  reason: Generated<string>;
  tx_hash: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Timestamp;
  /** Why the platform did not pay it (hot wallet too low, a failed transaction); shown to admins. */
  payout_alert: string | null;
  payout_retries: Generated<number>;
}

export interface DepositsTable {
  id: string;
  member_id: string;
  currency: string;
  network: NetworkName;
  amount: string;
  tx_hash: Generated<string>;
  source: 'manual' | 'chain';
  credited_by: string | null;
  created_at: Timestamp;
}

export interface MarketFavouritesTable {
  member_id: string;
  symbol: string;
  created_at: Timestamp;
}

export interface ExchangeKeysTable {
  id: string;
  member_id: string;
  exchange: 'binance' | 'bybit' | 'gate';
  api_key: string;
  secret_sealed: Buffer;
  passphrase_sealed: Buffer | null;
  status: 'active' | 'suspended';
  status_reason: string | null;
  ip_restricted: boolean;
  warnings: string[];
  ip_whitelist: string[];
  can_trade_spot: boolean;
  can_trade_perpetual: boolean;
  expires_at: Date | null;
  last_checked_at: Date;
  created_at: Timestamp;
}

export interface TradeOrdersTable {
  id: string;
  member_id: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  market_type: 'spot' | 'perpetual';
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  /** numeric columns come back as strings: exact decimals, never floats. */
  price: string | null;
  amount: string;
  reduce_only: Generated<boolean>;
  client_order_id: string;
  exchange_order_id: string | null;
  status: 'pending' | 'open' | 'closed' | 'canceled' | 'rejected';
  filled: Generated<string>;
  average_price: string | null;
  fee_asset: string | null;
  fee_amount: string | null;
  error_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaperAccountsTable {
  /** A member's own demo account (their id), or a managed paper account (`-managed_accounts.id`, 0021). */
  member_id: string;
  created_at: Timestamp;
}

/** The account the platform holds for a member's managed-mode bots on one exchange (0021). */
export interface ManagedAccountsTable {
  id: Id;
  member_id: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  /** null: a paper account of the platform's; otherwise the operator's sub-account for this member. */
  api_key: string | null;
  secret_sealed: Buffer | null;
  passphrase_sealed: Buffer | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Paper exchange amounts: numeric(38,18) columns, read and written as decimal strings. */
export interface PaperBalancesTable {
  member_id: string;
  wallet: 'spot' | 'perpetual';
  asset: string;
  free: Generated<string>;
  used: Generated<string>;
  updated_at: Timestamp;
}

export interface PaperOrdersTable {
  id: Id;
  member_id: string;
  client_order_id: string;
  symbol: string;
  market_type: 'spot' | 'perpetual';
  type: 'market' | 'limit';
  side: 'buy' | 'sell';
  price: string | null;
  amount: string;
  filled: string;
  average_price: string | null;
  status: 'open' | 'closed' | 'canceled' | 'rejected';
  fee_asset: string | null;
  fee: string;
  reduce_only: boolean;
  reserved_asset: string | null;
  reserved: string;
  created_at: Date;
  updated_at: Date;
}

export interface PaperPositionsTable {
  id: Id;
  member_id: string;
  symbol: string;
  side: Generated<'long' | 'short' | null>;
  contracts: Generated<string>;
  entry_price: Generated<string | null>;
  leverage: Generated<number>;
  margin_mode: Generated<'isolated' | 'cross'>;
  margin: Generated<string>;
  realized_pnl: Generated<string>;
  opened_at: Generated<Date | null>;
  updated_at: Timestamp;
}

export interface PaperFillsTable {
  id: Id;
  order_id: string;
  member_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  fee_asset: string;
  fee: string;
  liquidity: 'maker' | 'taker';
  realized_pnl: string;
  created_at: Date;
}

export interface PaperFundingTable {
  position_id: string;
  funding_time: Date;
  rate: string;
  mark_price: string;
  contracts: string;
  amount: string;
  created_at: Timestamp;
}

export interface SupportEnquiriesTable {
  id: Id;
  member_id: string;
  category: string;
  subject: string;
  status: Generated<'open' | 'answered' | 'closed'>;
  created_at: Timestamp;
  last_message_at: Timestamp;
  closed_at: Date | null;
  closed_by: string | null;
}

export interface SupportMessagesTable {
  id: Id;
  enquiry_id: string;
  author_id: string;
  from_staff: boolean;
  body: string;
  picture_upload_id: string | null;
  created_at: Timestamp;
}

/** member_id null: a broadcast to every member. */
export interface NotificationsTable {
  id: Id;
  member_id: string | null;
  kind: string;
  /** jsonb: read as an object, written as its JSON text. */
  params: ColumnType<Record<string, string>, string, never>;
  link: string | null;
  created_at: Timestamp;
}

/** One KYC submission attempt (0010); the member's state is their latest row's status. */
export interface KycSubmissionsTable {
  id: string;
  member_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  country: string;
  id_type: 'ic' | 'passport' | 'license';
  id_number: string;
  /** The number without hyphens, generated by the database: what uniqueness compares. */
  id_number_key: ColumnType<string, never, never>;
  full_name: string;
  front_upload_id: string;
  back_upload_id: string;
  holding_upload_id: string;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Timestamp;
}

export interface NotificationReadsTable {
  member_id: string;
  notification_id: string;
  read_at: Timestamp;
}

/** Vouchers, bot packages and rentals (0014). bigint columns come back as strings, like the ids. */
export interface VouchersTable {
  id: Id;
  member_id: string;
  code: string;
  discount_bps: number;
  max_discount_minor: string | null;
  /** null: any currency */
  currency: string | null;
  expires_at: Date;
  used_at: Date | null;
  used_for: string | null;
  issued_by: string | null;
  created_at: Timestamp;
}

export interface BotPackagesTable {
  id: Id;
  /** The English name; the other languages in `name_translations` (0049, decision 74). */
  name: string;
  name_translations: ColumnType<TTranslations, string | undefined, string>;
  price_minor: string;
  currency: string;
  duration_days: number;
  capital_limit_minor: string;
  topup_unit_minor: string | null;
  topup_unit_price_minor: string | null;
  exchanges: ('paper' | 'binance' | 'bybit' | 'gate')[];
  market_types: ('spot' | 'perpetual')[];
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BotRentalsTable {
  id: Id;
  member_id: string;
  package_id: string;
  currency: string;
  capital_limit_minor: string;
  mode: 'own_key' | 'managed';
  starts_at: Date;
  ends_at: Date;
  voucher_id: string | null;
  price_paid_minor: string;
  transfer_id: string | null;
  created_at: Timestamp;
}

export interface BotRentalPurchasesTable {
  id: string;
  rental_id: string;
  member_id: string;
  kind: 'rent' | 'topup' | 'renew';
  currency: string;
  wallet: WalletName;
  price_minor: string;
  discount_minor: Generated<string>;
  paid_minor: string;
  voucher_id: string | null;
  transfer_id: string | null;
  capital_added_minor: Generated<string>;
  days_added: Generated<number>;
  created_at: Timestamp;
}

export interface VolumeEventsTable {
  id: Id;
  member_id: string;
  source: 'bot_rental' | 'mining';
  source_id: string;
  amount_minor: string;
  currency: string;
  created_at: Timestamp;
}

/** Cloud mining (migration 0016): see that migration for the rules the columns follow. */
export interface MiningCategoriesTable {
  id: Id;
  name: string;
  sort: Generated<number>;
}

export interface MiningPackagesTable {
  id: Id;
  category_id: string | null;
  /** The English name; the other languages in `name_translations` (0043, decision 65). */
  name: string;
  name_translations: ColumnType<Partial<Record<TLanguage, string>>, string | undefined, string>;
  description: ColumnType<TLocalizedText, string | undefined, string>;
  picture_upload_id: string | null;
  price_minor: string;
  currency: string;
  hash_rate_ghs: string;
  duration_days: number;
  mined_currency: string;
  yield_rule: 'fixed' | 'daily' | 'network';
  yield_per_unit_minor: string | null;
  per_member_limit: number | null;
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MiningPromotionsTable {
  id: Id;
  title: string;
  body: string;
  package_id: string | null;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

export interface MiningCartItemsTable {
  member_id: string;
  package_id: string;
  units: number;
  added_at: Timestamp;
}

export interface MiningDailyRatesTable {
  package_id: string;
  day: Day;
  per_unit_minor: string;
}

export interface MiningPurchasesTable {
  id: string;
  member_id: string;
  package_id: string;
  units: number;
  placement: 'activate' | 'stock';
  currency: string;
  wallet: WalletName;
  price_minor: string;
  discount_minor: Generated<string>;
  paid_minor: string;
  voucher_id: string | null;
  transfer_id: string | null;
  /** The cart checkout it was bought in (migration 0019); null for a single purchase. */
  checkout_id: string | null;
  created_at: Timestamp;
}

/** A coin's network difficulty and block reward from a day on (migration 0019, append-only history). */
export interface MiningNetworkParamsTable {
  id: Id;
  currency: string;
  effective_from: Day;
  difficulty: string;
  block_reward_minor: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface MiningStockTable {
  member_id: string;
  package_id: string;
  count: number;
}

export interface MiningStockMovementsTable {
  id: Id;
  member_id: string;
  package_id: string;
  delta: number;
  reason: 'purchase' | 'transfer_in' | 'transfer_out' | 'activation';
  counterpart_member_id: string | null;
  purchase_id: string | null;
  created_at: Timestamp;
}

export interface MiningSubscriptionsTable {
  id: Id;
  member_id: string;
  package_id: string;
  units: number;
  hash_rate_ghs: string;
  starts_on: Day;
  ends_on: Day;
  status: Generated<'active' | 'ended'>;
  purchase_id: string | null;
  created_at: Timestamp;
}

export interface MiningPayoutsTable {
  day: Day;
  subscription_id: string;
  member_id: string;
  amount_minor: string;
  currency: string;
  transfer_id: string | null;
  created_at: Timestamp;
}

/** Team bonuses (migration 0017): the settings row, runs, volumes, run lines, payouts, rank history. */
export interface BonusSettingsTable {
  id: Generated<number>;
  settings: unknown;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface BonusRunsTable {
  id: Id;
  period_start: Day;
  status: 'running' | 'completed' | 'failed';
  settings: unknown;
  computed_at: Date | null;
  totals: Generated<unknown>;
  error: string | null;
  started_by: string | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

/** A member's current rank, written by the bonus runs (0023); no row: the lowest rank. Read via member_rank(). */
export interface MemberRanksTable {
  member_id: string;
  rank: string;
}

export interface MemberVolumesTable {
  member_id: string;
  personal_total_minor: Generated<string>;
  left_total_minor: Generated<string>;
  right_total_minor: Generated<string>;
  left_carry_minor: Generated<string>;
  right_carry_minor: Generated<string>;
  last_run_id: string | null;
}

export interface BonusRunMembersTable {
  run_id: string;
  member_id: string;
  rank: string;
  new_left_minor: string;
  new_right_minor: string;
  left_carry_before_minor: string;
  right_carry_before_minor: string;
  matched_minor: string;
  left_carry_after_minor: string;
  right_carry_after_minor: string;
}

export interface BonusPayoutsTable {
  id: string;
  run_id: string;
  member_id: string;
  type: 'sponsor' | 'pairing';
  period_start: Day;
  rank: string;
  rate_bps: number;
  base_minor: string;
  amount_minor: string;
  capped: boolean;
  currency: string;
  paid_at: Date | null;
  created_at: Generated<Date>;
}

export interface RankHistoryTable {
  id: Id;
  member_id: string;
  run_id: string;
  from_rank: string;
  to_rank: string;
  created_at: Generated<Date>;
}

/** A member's saved contact address; at most one `is_default` per member (partial unique index). */
export interface MemberAddressesTable {
  id: Generated<string>;
  member_id: string;
  name: string;
  phone_prefix: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An uploaded file (migration 0008); the bytes are in the uploads folder under `stored_name`. */
export interface UploadsTable {
  id: string;
  owner_member_id: string | null;
  purpose: 'kyc' | 'avatar' | 'news' | 'slider' | 'file' | 'support' | 'mining_package';
  visibility: 'public' | 'private';
  stored_name: string;
  content_type: 'image/jpeg' | 'image/webp' | 'application/pdf';
  byte_size: number;
  width: number | null;
  height: number | null;
  original_name: string | null;
  claimed_at: Date | null;
  created_at: Timestamp;
}

/** Migration 0011-content: what admins publish for members. */
type ContentId = ColumnType<string, string | undefined, never>;

/** A text per language, English always there (migration 0043, decision 65); written as JSON text. */
type LocalizedColumn = ColumnType<TLocalizedText, string, string>;

export interface NewsTable {
  id: ContentId;
  title: LocalizedColumn;
  summary: LocalizedColumn;
  body: LocalizedColumn;
  cover_upload_id: string | null;
  important: boolean;
  published_at: Date | null;
  notified_at: Date | null;
  /** bigint: pg hands it back as a string. */
  click_count: ColumnType<string, never, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnouncementsTable {
  id: ContentId;
  text: LocalizedColumn;
  starts_at: Timestamp;
  ends_at: Date | null;
  created_by: string;
  created_at: Timestamp;
}

export interface SliderImagesTable {
  id: ContentId;
  upload_id: string;
  /** What the picture shows, per language (migration 0048, decision 73); English may be empty on old rows. */
  alt: LocalizedColumn;
  /** The picture for members of another language, an upload id each; English is `upload_id` (0049, decision 74). */
  upload_translations: ColumnType<TTranslations, string | undefined, string>;
  link: string | null;
  position: number;
  created_by: string;
  created_at: Timestamp;
}

export interface ContentFilesTable {
  id: ContentId;
  upload_id: string;
  title: string;
  created_by: string;
  created_at: Timestamp;
}

/** DCA bots (0015-bots). numeric columns are decimal strings. */
export interface BotsTable {
  id: Id;
  member_id: string;
  rental_id: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  market_type: 'spot' | 'perpetual';
  symbol: string;
  direction: 'long' | 'short';
  order_type: 'market' | 'limit';
  base_order: string;
  safety_order: string;
  safety_order_count: number;
  price_deviation: string;
  volume_scale: string;
  step_scale: string;
  take_profit: string;
  trailing_deviation: string | null;
  stop_loss: string | null;
  cooldown_seconds: number;
  leverage: number;
  margin_mode: 'isolated' | 'cross';
  capital_required: string;
  status: 'running' | 'paused' | 'stopped';
  paused_reason: 'member' | 'key_unusable' | 'orders_rejected' | null;
  order_seed: Generated<string>;
  pending_action: 'add_entry' | 'close' | 'reverse' | null;
  /** All-in-one group (0020-bot-actions); aio_off: this symbol of the group opens no new cycle. */
  group_id: string | null;
  aio_off: Generated<boolean>;
  lease_owner: string | null;
  lease_until: Date | null;
  /** Moves on every change but the lease's (0022-bot-revision): the engine's cue to read the bot again. */
  revision: Generated<string>;
  /** Base-asset units per order unit, from the market at creation (0026-bot-contract-size). */
  contract_size: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BotCyclesTable {
  id: Id;
  bot_id: string;
  number: number;
  state: 'open' | 'closing' | 'closed';
  base_price: string | null;
  average_entry: string | null;
  filled_amount: Generated<string>;
  safety_orders_filled: Generated<number>;
  best_price: string | null;
  close_reason: 'take_profit' | 'stop_loss' | 'manual' | 'reversed' | null;
  realized_pnl: string | null;
  opened_at: Timestamp;
  closed_at: Date | null;
  /**
   * A real exchange's perpetual cycle: the funding it paid (positive) or received, recorded by the worker
   * after it closed (0025-cycle-funding); null while not recorded, and on spot and the paper exchange.
   */
  funding: string | null;
  funding_recorded_at: Date | null;
  /** When a worker last took the cycle to record its funding (retries wait on it). */
  funding_tried_at: Date | null;
}

/** A market switched off by its member (0020-bot-actions): their bots there open no new cycle. */
export interface BotMarketSwitchesTable {
  member_id: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  market_type: 'spot' | 'perpetual';
  switched_off_at: Timestamp;
}

/** An all-in-one group: the bots one configuration made over a basket of symbols (0020-bot-actions). */
export interface BotGroupsTable {
  id: Id;
  member_id: string;
  rental_id: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  market_type: 'spot' | 'perpetual';
  created_at: Timestamp;
}

export interface BotOrdersTable {
  id: Id;
  bot_id: string;
  cycle_id: string;
  kind: 'base' | 'safety' | 'take_profit' | 'stop_loss' | 'manual';
  slot: string;
  exchange: 'paper' | 'binance' | 'bybit' | 'gate';
  client_order_id: string;
  exchange_order_id: string | null;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  status: 'pending' | 'open' | 'closed' | 'canceled' | 'rejected';
  price: string | null;
  amount: string;
  reduce_only: Generated<boolean>;
  filled: Generated<string>;
  average_price: string | null;
  fee_asset: string | null;
  fee: string | null;
  error_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per running worker process, written every few seconds (0034-worker-heartbeats). */
export interface WorkerHeartbeatsTable {
  owner: string;
  kind: 'bot_worker';
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
}

export interface Database {
  members: MembersTable;
  team_counts: TeamCountsTable;
  team_favourites: TeamFavouritesTable;
  placement_jumps: PlacementJumpsTable;
  member_addresses: MemberAddressesTable;
  login_throttle: LoginThrottleTable;
  login_throttle_accounts: LoginThrottleAccountsTable;
  sessions: SessionsTable;
  money_holds: MoneyHoldsTable;
  transaction_password_guards: TransactionPasswordGuardsTable;
  transaction_password_failures: TransactionPasswordFailuresTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  admin_approvals: AdminApprovalsTable;
  tac_codes: TacCodesTable;
  crypto_nonces: CryptoNoncesTable;
  mail_log: MailLogTable;
  currencies: CurrenciesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  currency_prices: CurrencyPricesTable;
  wallet_transfer_rules: WalletTransferRulesTable;
  exchange_pairs: ExchangePairsTable;
  withdrawal_settings: WithdrawalSettingsTable;
  deposit_channels: DepositChannelsTable;
  settings: SettingsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawals: WithdrawalsTable;
  deposits: DepositsTable;
  deposit_addresses: DepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_deposits: ChainDepositsTable;
  chain_sweeps: ChainSweepsTable;
  chain_payout_nonces: ChainPayoutNoncesTable;
  chain_payouts: ChainPayoutsTable;
  market_favourites: MarketFavouritesTable;
  exchange_keys: ExchangeKeysTable;
  uploads: UploadsTable;
  trade_orders: TradeOrdersTable;
  paper_accounts: PaperAccountsTable;
  managed_accounts: ManagedAccountsTable;
  paper_balances: PaperBalancesTable;
  paper_orders: PaperOrdersTable;
  paper_positions: PaperPositionsTable;
  paper_fills: PaperFillsTable;
  paper_funding: PaperFundingTable;
  support_enquiries: SupportEnquiriesTable;
  support_messages: SupportMessagesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  kyc_submissions: KycSubmissionsTable;
  vouchers: VouchersTable;
  bot_packages: BotPackagesTable;
  bot_rentals: BotRentalsTable;
  bot_rental_purchases: BotRentalPurchasesTable;
  volume_events: VolumeEventsTable;
  bonus_settings: BonusSettingsTable;
  bonus_runs: BonusRunsTable;
  member_volumes: MemberVolumesTable;
  member_ranks: MemberRanksTable;
  member_leg_counts: MemberLegCountsTable;
  member_count_mark: MemberCountMarkTable;
  bonus_run_members: BonusRunMembersTable;
  bonus_payouts: BonusPayoutsTable;
  rank_history: RankHistoryTable;
  mining_categories: MiningCategoriesTable;
  mining_packages: MiningPackagesTable;
  mining_daily_rates: MiningDailyRatesTable;
  mining_network_params: MiningNetworkParamsTable;
  mining_promotions: MiningPromotionsTable;
  mining_cart_items: MiningCartItemsTable;
  mining_purchases: MiningPurchasesTable;
  mining_stock: MiningStockTable;
  mining_stock_movements: MiningStockMovementsTable;
  mining_subscriptions: MiningSubscriptionsTable;
  mining_payouts: MiningPayoutsTable;
  bots: BotsTable;
  bot_cycles: BotCyclesTable;
  bot_orders: BotOrdersTable;
  bot_market_switches: BotMarketSwitchesTable;
  bot_groups: BotGroupsTable;
  news: NewsTable;
  announcements: AnnouncementsTable;
  slider_images: SliderImagesTable;
  content_files: ContentFilesTable;
  worker_heartbeats: WorkerHeartbeatsTable;
}
