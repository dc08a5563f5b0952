import {
  checkWithdrawalAddress,
  DefaultLanguage,
  Networks,
  type TAdminWithdrawal,
  type TLanguage,
  type TNetwork,
  type TPayoutAlert,
  type TSealed,
  type TWallet,
  type TWithdrawal,
  type TWithdrawalAddress,
  type TWithdrawalOptions,
  type TWithdrawalStatus,
} from '@app/contracts';
import { withdrawalFee } from '@app/money';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { WithdrawalsTable } from '../../db/schema';
import { type Actor, recordAudit, recordSystemAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { derivedUuid } from '../../platform/idempotency';
import { likePrefix } from '../../platform/like';
import { readSiteNote } from '../content/site-settings.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationService } from '../notifications/notifications.service';
import { amountOf, big, currencyOrFail, decimalOf } from './amounts';
import { type MoneyRequest, type PasswordCheck, traceOf } from './money-request';

type WithdrawalRow = Selectable<WithdrawalsTable>;

/** The member's withdrawals page, where a withdrawal's notification leads. */
const WITHDRAWAL_RECORDS_LINK = '/pages/Wallet/menuWithdraw';

export interface WithdrawInput {
  currency: string;
  wallet: TWallet;
  network: TNetwork;
  amount: string;
  password: TSealed;
}

export interface BindInput {
  network: TNetwork;
  address: string;
  code: string;
  password: TSealed;
}

/**
 * Withdrawal addresses (bound once per network) and withdrawals. A withdrawal is a ledger hold (a pending
 * transfer to "withdrawals in flight"): the member's money is reserved at once; an admin's approval posts
 * it together with the fee, a rejection or the member's cancellation voids it.
 */
export function createWithdrawalService(deps: {
  db: Db;
  ledger: LedgerService;
  notifications: Pick<NotificationService, 'notify'>;
  checkPassword: PasswordCheck;
  consumeTac: (memberId: string, code: string, trx: Db) => Promise<void>;
}) {
  const { db, ledger, notifications, checkPassword, consumeTac } = deps;

  /** Tells the member the outcome of their withdrawal, in the transaction that decides it. */
  function notifyOutcome(trx: Db, withdrawal: TWithdrawal & { memberId: string }) {
    if (withdrawal.status !== 'paid' && withdrawal.status !== 'rejected') return;
    return notifications.notify(trx, {
      memberId: withdrawal.memberId,
      kind: withdrawal.status === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
      params: { amount: withdrawal.amount, currency: withdrawal.currency },
      link: WITHDRAWAL_RECORDS_LINK,
    });
  }

  async function decimalsOf(): Promise<Map<string, number>> {
    return new Map((await ledger.currencies()).map((c) => [c.code, c.decimals]));
  }

  function toWithdrawal(row: WithdrawalRow, decimals: Map<string, number>): TWithdrawal {
    const c = { decimals: decimals.get(row.currency) ?? 0 };
    const amount = big(row.amount);
    const fee = big(row.fee);
    return {
      id: row.id,
      currency: row.currency,
      wallet: row.wallet,
      network: row.network,
      address: row.address,
      amount: decimalOf(amount, c),
      fee: decimalOf(fee, c),
      payout: decimalOf(amount - fee, c),
      status: row.status,
      reason: row.reason,
      txHash: row.tx_hash,
      createdAt: row.created_at.toISOString(),
      decidedAt: row.decided_at?.toISOString() ?? null,
    };
  }

  async function settingsOf(currency: string) {
    const row = await db
      .selectFrom('withdrawal_settings')
      .selectAll()
      .where('currency', '=', currency)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!row) throw new AppError('CURRENCY_UNKNOWN', `no withdrawals of ${currency}`);
    return row;
  }

  /** The withdrawal, locked, for a decision; WITHDRAWAL_NOT_FOUND when it is not the member's (or none). */
  async function lockedWithdrawal(trx: Db, id: string, memberId?: string) {
    let query = trx.selectFrom('withdrawals').selectAll().where('id', '=', id);
    if (memberId) query = query.where('member_id', '=', memberId);
    const row = await query.forUpdate().executeTakeFirst();
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return row;
  }

  /** Voids the hold and closes the withdrawal: the member's cancellation and the admin's rejection. */
  async function release(
    id: string,
    by: { actor: Actor; memberId?: string },
    outcome: { status: 'cancelled' | 'rejected'; reason: string },
  ) {
    const decimals = await decimalsOf();
    return db.transaction().execute(async (trx) => {
      const row = await lockedWithdrawal(trx, id, by.memberId);
      if (row.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
      await ledger.voidPending(derivedUuid(id, 'void'), id, {
        trx,
        createdBy: by.actor.memberId,
        memo: outcome.reason,
      });
      const updated = await trx
        .updateTable('withdrawals')
        .set({
          status: outcome.status,
          reason: outcome.reason,
          decided_by: by.actor.memberId,
          decided_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, by.actor, {
        action: `wallet.withdrawal.${outcome.status === 'cancelled' ? 'cancel' : 'reject'}`,
        subject: `withdrawal:${id}`,
        detail: { reason: outcome.reason },
      });
      const withdrawal = toWithdrawal(updated, decimals);
      await notifyOutcome(trx, { ...withdrawal, memberId: row.member_id });
      return withdrawal;
    });
  }

  /** An approved withdrawal becomes Paid with its hash: audited and told to the member. */
  async function settlePaid(
    trx: Db,
    row: WithdrawalRow,
    txHash: string,
    decimals: Map<string, number>,
    audit: (entry: { action: string; subject: string; detail: Record<string, unknown> }) => Promise<void>,
  ) {
    const updated = await trx
      .updateTable('withdrawals')
      .set({ status: 'paid', tx_hash: txHash, payout_alert: null })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit({ action: 'wallet.withdrawal.paid', subject: `withdrawal:${row.id}`, detail: { txHash } });
    const withdrawal = toWithdrawal(updated, decimals);
    await notifyOutcome(trx, { ...withdrawal, memberId: row.member_id });
    return withdrawal;
  }

  return {
    addresses: async (memberId: string): Promise<TWithdrawalAddress[]> => {
      const rows = await db
        .selectFrom('withdrawal_addresses')
        .select(['network', 'address', 'created_at'])
        .where('member_id', '=', memberId)
        .execute();
      return Networks.map((network) => {
        const row = rows.find((r) => r.network === network);
        return { network, address: row?.address ?? null, boundAt: row?.created_at.toISOString() ?? null };
      });
    },

    /** Binds the member's address for a network, once: the TAC code and transaction password confirm it. */
    bindAddress: async (req: MoneyRequest, input: BindInput): Promise<TWithdrawalAddress> => {
      const memberId = req.actor.memberId;
      const checked = checkWithdrawalAddress(input.network, input.address);
      if (!checked.ok) throw new AppError(checked.code);
      await checkPassword(memberId, req, input.password, req.actor.ip);
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('withdrawal_addresses')
          .values({ member_id: memberId, network: input.network, address: checked.address })
          .onConflict((oc) => oc.columns(['member_id', 'network']).doNothing())
          .returning(['network', 'address', 'created_at'])
          .executeTakeFirst();
        if (!inserted) throw new AppError('ADDRESS_ALREADY_BOUND');
        await consumeTac(memberId, input.code, trx);
        await recordAudit(trx, req.actor, {
          action: 'wallet.address.bind',
          subject: `member:${memberId}`,
          detail: { network: input.network, address: checked.address },
        });
        return {
          network: inserted.network,
          address: inserted.address,
          boundAt: inserted.created_at.toISOString(),
        };
      });
    },

    /** The note is in `lang`, English where that one was not written. */
    options: async (lang: TLanguage = DefaultLanguage): Promise<TWithdrawalOptions> => {
      const [rows, note, decimals] = await Promise.all([
        db
          .selectFrom('withdrawal_settings')
          .selectAll()
          .where('enabled', '=', true)
          .orderBy('currency')
          .execute(),
        readSiteNote(db, 'withdrawal_note', lang),
        decimalsOf(),
      ]);
      return {
        items: rows.map((r) => ({
          currency: r.currency,
          decimals: decimals.get(r.currency) ?? 0,
          minAmount: decimalOf(big(r.min_amount), { decimals: decimals.get(r.currency) ?? 0 }),
          feeBps: r.fee_bps,
          wallets: r.wallets,
          networks: r.networks,
        })),
        note,
      };
    },

    /** withdrawsave: the hold is made at once; the fee is ceil(amount x fee_bps / 10000), out of the amount. */
    create: async (req: MoneyRequest, input: WithdrawInput): Promise<TWithdrawal> => {
      const memberId = req.actor.memberId;
      const currency = await currencyOrFail(db, input.currency);
      const settings = await settingsOf(currency.code);
      if (!settings.networks.includes(input.network)) throw new AppError('NETWORK_NOT_SUPPORTED');
      if (!settings.wallets.includes(input.wallet)) throw new AppError('WALLET_NOT_ALLOWED');
      const amount = amountOf(input.amount, currency);
      if (amount < big(settings.min_amount)) {
        throw new AppError('WITHDRAWAL_BELOW_MINIMUM', undefined, {
          minimum: decimalOf(big(settings.min_amount), currency),
        });
      }
      const fee = withdrawalFee(amount, BigInt(settings.fee_bps));
      const address = await db
        .selectFrom('withdrawal_addresses')
        .select('address')
        .where('member_id', '=', memberId)
        .where('network', '=', input.network)
        .executeTakeFirst();
      if (!address) throw new AppError('ADDRESS_NOT_BOUND');
      await checkPassword(memberId, req, input.password, req.actor.ip);

      const [source, inFlight] = await Promise.all([
        ledger.account(db, { memberId, wallet: input.wallet, currency: currency.code }),
        ledger.systemAccount(db, 'withdrawals_in_flight', currency.code),
      ]);
      const id = req.transferId('withdrawal');
      const decimals = await decimalsOf();
      return db.transaction().execute(async (trx) => {
        const { replayed } = await ledger.transfer(
          [
            {
              id,
              debitAccountId: source.id,
              creditAccountId: inFlight.id,
              amount,
              currency: currency.code,
              kind: 'withdrawal',
              pending: true,
              memo: `${input.network} ${address.address}`,
              meta: traceOf(req, { network: input.network }),
              createdBy: memberId,
            },
          ],
          { trx },
        );
        if (!replayed) {
          await trx
            .insertInto('withdrawals')
            .values({
              id,
              member_id: memberId,
              currency: currency.code,
              wallet: input.wallet,
              network: input.network,
              address: address.address,
              amount: amount.toString(),
              fee: fee.toString(),
              status: 'pending',
              tx_hash: null,
              decided_by: null,
              decided_at: null,
            })
            .execute();
        }
        const row = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return toWithdrawal(row, decimals);
      });
    },

    cancel: (actor: Actor, id: string) =>
      release(
        id,
        { actor, memberId: actor.memberId },
        { status: 'cancelled', reason: 'cancelled by member' },
      ),

    list: async (
      memberId: string,
      q: { page: number; pageSize: number; status?: TWithdrawalStatus | undefined },
    ) => {
      let query = db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId);
      if (q.status) query = query.where('status', '=', q.status);
      const [rows, decimals] = await Promise.all([
        query
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        decimalsOf(),
      ]);
      return { items: rows.map((r) => toWithdrawal(r, decimals)), page: q.page, pageSize: q.pageSize };
    },

    // --- admin ---------------------------------------------------------------------------------------

    queue: async (q: {
      page: number;
      pageSize: number;
      status?: TWithdrawalStatus | undefined;
      q?: string | undefined;
    }) => {
      let query = db
        .selectFrom('withdrawals as w')
        .innerJoin('members as m', 'm.id', 'w.member_id')
        .selectAll('w')
        .select('m.username');
      if (q.status) query = query.where('w.status', '=', q.status);
      if (q.q) {
        const prefix = likePrefix(q.q.toLowerCase());
        query = query.where((eb) => eb(eb.fn('lower', ['m.username']), 'like', prefix));
      }
      const [rows, decimals] = await Promise.all([
        query
          .orderBy('w.created_at', q.status === 'pending' ? 'asc' : 'desc')
          .orderBy('w.id')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        decimalsOf(),
      ]);
      const items: TAdminWithdrawal[] = rows.map((r) => ({
        ...toWithdrawal(r, decimals),
        username: r.username,
        memberId: r.member_id,
        payoutAlert: (r.payout_alert as TPayoutAlert | null) ?? null,
      }));
      return { items, page: q.page, pageSize: q.pageSize };
    },

    /**
     * AdminApprovewd: posts the hold (the whole amount leaves the member) and moves the fee from withdrawals
     * in flight to the fee account, in one linked operation. With a transaction hash it is paid at once.
     */
    approve: async (actor: Actor, id: string, txHash?: string) => {
      const decimals = await decimalsOf();
      return db.transaction().execute(async (trx) => {
        const row = await lockedWithdrawal(trx, id);
        if (row.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
        const [inFlight, fees] = await Promise.all([
          ledger.systemAccount(trx, 'withdrawals_in_flight', row.currency),
          ledger.systemAccount(trx, 'fees', row.currency),
        ]);
        const fee = big(row.fee);
        await ledger.transfer(
          [
            { id: derivedUuid(id, 'post'), postPendingId: id, createdBy: actor.memberId },
            ...(fee > 0n
              ? [
                  {
                    id: derivedUuid(id, 'fee'),
                    debitAccountId: inFlight.id,
                    creditAccountId: fees.id,
                    amount: fee,
                    currency: row.currency,
                    kind: 'fee' as const,
                    memo: 'withdrawal fee',
                    meta: { withdrawalId: id },
                    createdBy: actor.memberId,
                  },
                ]
              : []),
          ],
          { trx },
        );
        const updated = await trx
          .updateTable('withdrawals')
          .set({
            status: txHash ? 'paid' : 'approved',
            tx_hash: txHash ?? null,
            decided_by: actor.memberId,
            decided_at: new Date(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'wallet.withdrawal.approve',
          subject: `withdrawal:${id}`,
          detail: { txHash: txHash ?? null, amount: row.amount, fee: row.fee },
        });
        const withdrawal = toWithdrawal(updated, decimals);
        await notifyOutcome(trx, { ...withdrawal, memberId: row.member_id });
        return withdrawal;
      });
    },

    /**
     * Records the payout's transaction hash of an approved withdrawal, typed in by an admin. Refused while
     * the platform's hot wallet pays it (a payout signed, broadcast or confirmed): that would pay twice.
     */
    markPaid: async (actor: Actor, id: string, txHash: string) => {
      const decimals = await decimalsOf();
      return db.transaction().execute(async (trx) => {
        const row = await lockedWithdrawal(trx, id);
        if (row.status !== 'approved') throw new AppError('WITHDRAWAL_NOT_APPROVED');
        const payout = await trx
          .selectFrom('chain_payouts')
          .select('id')
          .where('withdrawal_id', '=', id)
          .where('status', 'in', ['signed', 'broadcast', 'confirmed'])
          .executeTakeFirst();
        if (payout) throw new AppError('WITHDRAWAL_PAID_ON_CHAIN');
        return settlePaid(trx, row, txHash, decimals, (entry) => recordAudit(trx, actor, entry));
      });
    },

    /**
     * The hot wallet's payout reached its confirmations: Paid with its hash, in the payer's transaction,
     * with the same audit action and member notification as a payment by hand (an entry of the platform).
     */
    markPaidOnChain: async (trx: Db, id: string, txHash: string) => {
      const decimals = await decimalsOf();
      const row = await lockedWithdrawal(trx, id);
      if (row.status !== 'approved') throw new AppError('WITHDRAWAL_NOT_APPROVED');
      return settlePaid(trx, row, txHash, decimals, (entry) => recordSystemAudit(trx, entry));
    },

    reject: (actor: Actor, id: string, reason: string) =>
      release(id, { actor }, { status: 'rejected', reason }),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
