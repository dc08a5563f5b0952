import type {
  TAdjustBalance,
  TBulkAirdrop,
  TDeposit,
  TDepositInfo,
  TManualDeposit,
  TPageQuery,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { likePrefix } from '../../platform/like';
import type { LedgerService } from '../ledger/ledger.service';
import type { MembersRepository } from '../members/members.repository';
import { amountOf, big, currencyOrFail, decimalOf } from './amounts';
import type { MoneyRequest } from './money-request';
import { traceOf } from './money-request';

/**
 * Money that enters or leaves from outside a member's own actions: deposits (credited by an admin until
 * the chain watcher exists), an admin's corrections, and an admin's airdrop to many members. Every one
 * writes the audit log in the same transaction as its ledger transfers.
 */
export function createFundingService(deps: { db: Db; ledger: LedgerService; members: MembersRepository }) {
  const { db, ledger, members } = deps;

  async function memberOrFail(username: string) {
    const found = await members.findByUsername(username);
    if (!found) throw new AppError('RECIPIENT_NOT_FOUND');
    return found;
  }

  return {
    /** depositmenu: where to send each currency, the least that is credited, the confirmations awaited. */
    depositInfo: async (memberId: string): Promise<TDepositInfo> => {
      const [channels, decimals, me] = await Promise.all([
        db
          .selectFrom('deposit_channels')
          .selectAll()
          .where('enabled', '=', true)
          .orderBy('currency')
          .orderBy('network')
          .execute(),
        ledger.currencies(),
        members.findById(memberId),
      ]);
      const dec = new Map(decimals.map((c) => [c.code, c.decimals]));
      return {
        channels: channels.map((c) => ({
          currency: c.currency,
          network: c.network,
          address: c.address,
          minAmount: decimalOf(big(c.min_amount), { decimals: dec.get(c.currency) ?? 0 }),
          confirmations: c.confirmations,
        })),
        reference: me?.username ?? '',
      };
    },

    deposits: async (memberId: string, q: TPageQuery) => {
      const [rows, decimals] = await Promise.all([
        db
          .selectFrom('deposits')
          .selectAll()
          .where('member_id', '=', memberId)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        ledger.currencies(),
      ]);
      const dec = new Map(decimals.map((c) => [c.code, c.decimals]));
      const items: TDeposit[] = rows.map((r) => ({
        id: r.id,
        currency: r.currency,
        network: r.network,
        amount: decimalOf(big(r.amount), { decimals: dec.get(r.currency) ?? 0 }),
        txHash: r.tx_hash,
        source: r.source,
        createdAt: r.created_at.toISOString(),
      }));
      return { items, page: q.page, pageSize: q.pageSize };
    },

    /** An admin credits a deposit that arrived on chain, into the member's deposit wallet. */
    manualDeposit: async (req: MoneyRequest, input: TManualDeposit): Promise<TDeposit> => {
      const currency = await currencyOrFail(db, input.currency);
      const amount = amountOf(input.amount, currency);
      const channel = await db
        .selectFrom('deposit_channels')
        .select('min_amount')
        .where('currency', '=', currency.code)
        .where('network', '=', input.network)
        .executeTakeFirst();
      if (!channel) throw new AppError('NETWORK_NOT_SUPPORTED');
      if (amount < big(channel.min_amount)) {
        throw new AppError('DEPOSIT_BELOW_MINIMUM', undefined, {
          minimum: decimalOf(big(channel.min_amount), currency),
        });
      }
      const member = await memberOrFail(input.username);
      const [clearing, target] = await Promise.all([
        ledger.systemAccount(db, 'deposits_clearing', currency.code),
        ledger.account(db, { memberId: member.id, wallet: 'deposit', currency: currency.code }),
      ]);
      const id = req.transferId('deposit');
      return db.transaction().execute(async (trx) => {
        const { replayed, transfers } = await ledger.transfer(
          [
            {
              id,
              debitAccountId: clearing.id,
              creditAccountId: target.id,
              amount,
              currency: currency.code,
              kind: 'deposit',
              memo: input.reason,
              meta: traceOf(req, { network: input.network, txHash: input.txHash ?? '' }),
              createdBy: req.actor.memberId,
            },
          ],
          { trx },
        );
        if (!replayed) {
          await trx
            .insertInto('deposits')
            .values({
              id,
              member_id: member.id,
              currency: currency.code,
              network: input.network,
              amount: amount.toString(),
              tx_hash: input.txHash ?? '',
              source: 'manual',
              credited_by: req.actor.memberId,
            })
            .execute();
          await recordAudit(trx, req.actor, {
            action: 'wallet.deposit.credit',
            subject: `member:${member.id}`,
            detail: {
              depositId: id,
              currency: currency.code,
              amount: amount.toString(),
              reason: input.reason,
            },
          });
        }
        return {
          id,
          currency: currency.code,
          network: input.network,
          amount: decimalOf(amount, currency),
          txHash: input.txHash ?? '',
          source: 'manual' as const,
          createdAt: transfers[0]!.createdAt.toISOString(),
        };
      });
    },

    /** A correction by an admin, against the adjustments account, with the reason in the memo and audit log. */
    adjust: async (req: MoneyRequest, input: TAdjustBalance) => {
      const currency = await currencyOrFail(db, input.currency);
      const amount = amountOf(input.amount, currency);
      const member = await memberOrFail(input.username);
      const [adjustments, wallet] = await Promise.all([
        ledger.systemAccount(db, 'adjustments', currency.code),
        ledger.account(db, { memberId: member.id, wallet: input.wallet, currency: currency.code }),
      ]);
      const [debit, credit] = input.direction === 'credit' ? [adjustments, wallet] : [wallet, adjustments];
      return db.transaction().execute(async (trx) => {
        const { replayed, transfers } = await ledger.transfer(
          [
            {
              id: req.transferId('adjustment'),
              debitAccountId: debit.id,
              creditAccountId: credit.id,
              amount,
              currency: currency.code,
              kind: 'adjustment',
              memo: input.reason,
              meta: traceOf(req),
              createdBy: req.actor.memberId,
            },
          ],
          { trx },
        );
        const t = transfers[0]!;
        if (!replayed) {
          await recordAudit(trx, req.actor, {
            action: `wallet.balance.${input.direction}`,
            subject: `member:${member.id}`,
            detail: {
              transferId: t.id,
              currency: currency.code,
              wallet: input.wallet,
              amount: amount.toString(),
              reason: input.reason,
            },
          });
        }
        const after = input.direction === 'credit' ? t.creditBalanceAfter : t.debitBalanceAfter;
        return {
          id: t.id,
          createdAt: t.createdAt.toISOString(),
          currency: currency.code,
          amount: decimalOf(amount, currency),
          balanceAfter: decimalOf(after, currency),
          counterparty: member.username,
        };
      });
    },

    /** An admin's airdrop of a promotional coin to many members: one linked ledger batch per 100. */
    bulkAirdrop: async (req: MoneyRequest, input: TBulkAirdrop) => {
      const currency = await currencyOrFail(db, input.currency);
      if (currency.kind !== 'promo') throw new AppError('AIRDROP_PROMO_ONLY');
      const amount = amountOf(input.amount, currency);
      const unique = [...new Set(input.usernames.map((u) => u.trim().toLowerCase()))];
      const found = await Promise.all(unique.map((u) => members.findByUsername(u)));
      const missing = unique.filter((_, i) => !found[i]);
      if (missing.length > 0) throw new AppError('RECIPIENT_NOT_FOUND', undefined, { usernames: missing });
      const source = await ledger.systemAccount(db, 'airdrops', currency.code);
      const targets = await Promise.all(
        found.map((m) => ledger.account(db, { memberId: m!.id, wallet: 'funds', currency: currency.code })),
      );
      const ids: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < targets.length; start += 100) {
          const batch = targets.slice(start, start + 100).map((target, i) => ({
            id: req.transferId(`airdrop-${found[start + i]!.id}`),
            debitAccountId: source.id,
            creditAccountId: target.id,
            amount,
            currency: currency.code,
            kind: 'airdrop' as const,
            memo: input.reason,
            meta: traceOf(req),
            createdBy: req.actor.memberId,
          }));
          const { transfers } = await ledger.transfer(batch, { trx });
          ids.push(...transfers.map((t) => t.id));
        }
        await recordAudit(trx, req.actor, {
          action: 'wallet.airdrop.bulk',
          subject: `currency:${currency.code}`,
          detail: { amount: amount.toString(), members: unique.length, reason: input.reason },
        });
      });
      return { credited: ids.length, transferIds: ids };
    },

    auditLog: async (q: TPageQuery & { action?: string | undefined }) => {
      let query = db
        .selectFrom('audit_log as a')
        .leftJoin('members as m', 'm.id', 'a.actor_id')
        .select(['a.id', 'm.username', 'a.action', 'a.subject', 'a.detail', 'a.ip', 'a.created_at']);
      if (q.action) query = query.where('a.action', 'like', likePrefix(q.action));
      const rows = await query
        .orderBy('a.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          actor: r.username,
          action: r.action,
          subject: r.subject,
          detail: r.detail,
          ip: r.ip,
          createdAt: r.created_at.toISOString(),
        })),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
