import { RecordKinds } from '@app/contracts';
import type { Expression, RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export const Wallets = ['deposit', 'trading', 'reward', 'funds'] as const;
export type Wallet = (typeof Wallets)[number];

/** The platform's own accounts, one per currency: the other side of members' money. */
export const SystemCodes = [
  'fees',
  'withdrawals_in_flight',
  'bonus_expense',
  'mining_payouts',
  'adjustments',
  'deposits_clearing',
  'exchange',
  'airdrops',
  'sales',
] as const;
export type SystemCode = (typeof SystemCodes)[number];

/** A member's wallet record is one transfer: the kinds are one list, defined in contracts. */
export const TransferKinds = RecordKinds;
export type TransferKind = (typeof TransferKinds)[number];

export type TransferStatus = 'posted' | 'pending' | 'post_pending' | 'void_pending';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A transaction of the caller's, so a ledger move and the caller's own writes commit together. */
export type Trx = Transaction<Database>;

export interface LedgerAccount {
  id: string;
  memberId: string | null;
  wallet: Wallet | null;
  systemCode: string | null;
  currency: string;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

interface SpecCommon {
  /** A uuid chosen by the caller: the transfer's id and its idempotency key. */
  id: string;
  memo?: string;
  meta?: JsonObject;
  /** Who asked: the member or admin behind the movement (null for the system). */
  createdBy?: string | null;
}

/** A new movement from one account to another; with `pending`, a hold to be posted or voided later. */
export interface NewTransferSpec extends SpecCommon {
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
  kind: TransferKind;
  pending?: true;
}

/** Posts a hold (for its amount or less; the rest is released). */
export interface PostPendingSpec extends SpecCommon {
  postPendingId: string;
  amount?: bigint;
}

/** Releases a hold. */
export interface VoidPendingSpec extends SpecCommon {
  voidPendingId: string;
}

/** Moves a posted transfer's amount back: the only way to correct one. */
export interface ReverseSpec extends SpecCommon {
  reversesId: string;
}

export type TransferSpec = NewTransferSpec | PostPendingSpec | VoidPendingSpec | ReverseSpec;

export interface Transfer {
  id: string;
  seq: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
  kind: string;
  status: TransferStatus;
  pendingId: string | null;
  linkedId: string | null;
  reversesId: string | null;
  memo: string;
  meta: JsonObject;
  createdBy: string | null;
  createdAt: Date;
  /** Posted balance (credits - debits) of each side after this transfer. */
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
}

export interface TransferResult {
  transfers: Transfer[];
  /** True when every id already existed with the same content: nothing moved this time. */
  replayed: boolean;
}

export interface MemberBalance {
  accountId: string;
  wallet: Wallet;
  currency: string;
  /** credits_posted - debits_posted */
  posted: bigint;
  /** held for outgoing pending transfers (withdrawals awaiting approval) */
  pendingOut: bigint;
  /** incoming pending transfers, not spendable yet */
  pendingIn: bigint;
  /** posted - pendingOut: what the member may spend */
  available: bigint;
}

export type HistoryStatus = 'pending' | 'posted' | 'voided';

export interface HistoryFilters {
  wallet?: Wallet;
  currency?: string;
  kind?: string;
  page: number;
  pageSize: number;
}

/**
 * Another module's SQL for a name of the member with this id, placed by the records' statement as a column
 * (the members module's `usernameColumn`): the ledger does not read members, it only places the column, so a
 * records page with its counterparties' names is one round trip (decision 105).
 */
export type MemberNameColumn = (memberId: Expression<string | null>) => RawBuilder<string | null>;

export interface HistoryItem {
  transferId: string;
  createdAt: Date;
  /** When a pending transfer was posted or voided. */
  resolvedAt: Date | null;
  kind: string;
  currency: string;
  wallet: Wallet;
  direction: 'in' | 'out';
  /** What moved: the posted amount once a hold is posted (possibly less than held). */
  amount: bigint;
  /** The member account's posted balance after the movement. */
  balanceAfter: bigint;
  status: HistoryStatus;
  counterparty: {
    memberId: string | null;
    wallet: Wallet | null;
    systemCode: string | null;
    /** The counterparty member's name by the caller's `MemberNameColumn`; null without one or a member. */
    name: string | null;
  };
  memo: string;
  reversesId: string | null;
}
