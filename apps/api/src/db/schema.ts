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
  role: 'member' | 'admin';
  sponsor_id: string | null;
  placement_parent_id: string | null;
  placement_side: 'left' | 'right' | null;
  placement_depth: number;
  rank: Generated<string>;
  language: Generated<string>;
  locked_until: Date | null;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Id;
  member_id: string;
  ip: string;
  at: Timestamp;
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
type Numeric = ColumnType<string, string | undefined, string>;
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
  debits_posted: Numeric;
  credits_posted: Numeric;
  debits_pending: Numeric;
  credits_pending: Numeric;
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
  address: string;
  min_amount: Numeric;
  confirmations: number;
  enabled: Generated<boolean>;
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
  member_id: string;
  created_at: Timestamp;
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

export interface Database {
  members: MembersTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
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
  market_favourites: MarketFavouritesTable;
  exchange_keys: ExchangeKeysTable;
  trade_orders: TradeOrdersTable;
  paper_accounts: PaperAccountsTable;
  paper_balances: PaperBalancesTable;
  paper_orders: PaperOrdersTable;
  paper_positions: PaperPositionsTable;
  paper_fills: PaperFillsTable;
  paper_funding: PaperFundingTable;
}
