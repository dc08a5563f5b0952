import type {
  TAdjustBalance,
  TAdminApproval,
  TAdminApprovalsQuery,
  TApprovalKind,
  TApprovalPending,
  TBulkAirdrop,
  TDeposit,
  TDepositInfo,
  TManualDeposit,
  TPageQuery,
  TReceipt,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { derivedUuid } from '../../platform/idempotency';
import { likePrefix } from '../../platform/like';
import { familyOf, paymentUri } from '../chain/chain-family';
import type { DepositAddresses } from '../chain/deposit-addresses';
import { type ChainNetworks, isWatched } from '../chain/networks';
import type { LedgerService } from '../ledger/ledger.service';
import type { Trx } from '../ledger/ledger.types';
import type { MembersRepository } from '../members/members.repository';
import { createApprovalStore, needsSecondAdmin, usdWorth } from './admin-approvals';
import { amountOf, big, currencyOrFail, decimalOf } from './amounts';
import { creditDeposit } from './deposit-credit';
import { listMemberDeposits } from './member-deposits';
import type { MoneyRequest } from './money-request';
import { traceOf } from './money-request';
import { normalTxHash } from './tx-hash';

/**
 * Money that enters or leaves from outside a member's own actions: deposits (credited by an admin until
 * the chain watcher exists), an admin's corrections, and an admin's airdrop to many members. Every one
 * writes the audit log in the same transaction as its ledger transfers.
 */
/** Who asked for and who approved a four-eyes action: in the audit rows of what it executed. */
interface ApprovalTrace {
  approvalId: string;
  requestedBy: string;
  approvedBy: string;
}

export function createFundingService(deps: {
  db: Db;
  ledger: LedgerService;
  members: MembersRepository;
  /** FOUR_EYES_THRESHOLD_USD: adjustments and manual deposits worth more wait for a second admin. */
  fourEyesThresholdUsd: number;
  /** The chains deposits arrive on and the members' addresses there. */
  chain: { networks: ChainNetworks; addresses: Pick<DepositAddresses, 'of'> };
}) {
  const { db, ledger, members, fourEyesThresholdUsd, chain } = deps;
  const approvals = createApprovalStore(db);

  async function memberOrFail(username: string) {
    const found = await members.findByUsername(username);
    if (!found) throw new AppError('RECIPIENT_NOT_FOUND');
    return found;
  }

  /**
   * A transaction is credited once per network, whether by hand or by the watcher: DEPOSIT_TX_KNOWN when a
   * manual deposit or a chain deposit on that network already names it.
   */
  async function assertTxUnknown(ex: Db | Trx, network: TManualDeposit['network'], txHash: string) {
    // However either side spelled it (with or without 0x, any case), the same hex is the same transaction.
    const bare = txHash.toLowerCase().replace(/^0x/, '');
    const sameTx = sql<string>`regexp_replace(lower(tx_hash), '^0x', '')`;
    const [manual, onChain] = await Promise.all([
      ex
        .selectFrom('deposits')
        .select('id')
        .where('network', '=', network)
        .where(sameTx, '=', bare)
        .executeTakeFirst(),
      ex
        .selectFrom('chain_deposits')
        .select('id')
        .where('network', '=', network)
        .where(sameTx, '=', bare)
        .executeTakeFirst(),
    ]);
    if (manual || onChain) throw new AppError('DEPOSIT_TX_KNOWN', undefined, { network, txHash });
  }

  /** The checks of a manual deposit, made when it is asked and again when a second admin approves it. */
  async function prepareDeposit(input: TManualDeposit) {
    const txHash = normalTxHash(input.network, input.txHash);
    await assertTxUnknown(db, input.network, txHash);
    const currency = await currencyOrFail(db, input.currency);
    const amount = amountOf(input.amount, currency);
    const channel = await db
      .selectFrom('deposit_channels')
      .select(['min_amount', 'confirmations'])
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
    return { currency, amount, member, txHash, confirmations: channel.confirmations };
  }

  async function runDeposit(
    trx: Trx,
    actor: Actor,
    id: string,
    meta: Record<string, string>,
    input: TManualDeposit,
    p: Awaited<ReturnType<typeof prepareDeposit>>,
    approval?: ApprovalTrace,
  ): Promise<TDeposit> {
    // Two admins crediting one hash at once meet at the unique index (deposits_manual_tx).
    const { createdAt } = await creditDeposit(trx, ledger, {
      id,
      memberId: p.member.id,
      currency: p.currency.code,
      network: input.network,
      amount: p.amount,
      txHash: p.txHash,
      source: 'manual',
      memo: input.reason,
      meta,
      actor,
      auditDetail: { reason: input.reason, ...approval },
    }).catch((error: unknown) => {
      if ((error as { constraint?: string }).constraint === 'deposits_manual_tx') {
        throw new AppError('DEPOSIT_TX_KNOWN', undefined, { network: input.network, txHash: p.txHash });
      }
      throw error;
    });
    return {
      id,
      currency: p.currency.code,
      network: input.network,
      amount: decimalOf(p.amount, p.currency),
      txHash: p.txHash,
      source: 'manual' as const,
      status: 'credited' as const,
      confirmations: p.confirmations,
      required: p.confirmations,
      createdAt: createdAt.toISOString(),
    };
  }

  async function prepareAdjust(input: TAdjustBalance) {
    const currency = await currencyOrFail(db, input.currency);
    const amount = amountOf(input.amount, currency);
    const member = await memberOrFail(input.username);
    const [adjustments, wallet] = await Promise.all([
      ledger.systemAccount(db, 'adjustments', currency.code),
      ledger.account(db, { memberId: member.id, wallet: input.wallet, currency: currency.code }),
    ]);
    return { currency, amount, member, adjustments, wallet };
  }

  async function runAdjust(
    trx: Trx,
    actor: Actor,
    id: string,
    meta: Record<string, string>,
    input: TAdjustBalance,
    p: Awaited<ReturnType<typeof prepareAdjust>>,
    approval?: ApprovalTrace,
  ): Promise<TReceipt> {
    const [debit, credit] =
      input.direction === 'credit' ? [p.adjustments, p.wallet] : [p.wallet, p.adjustments];
    const { replayed, transfers } = await ledger.transfer(
      [
        {
          id,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          amount: p.amount,
          currency: p.currency.code,
          kind: 'adjustment',
          memo: input.reason,
          meta,
          createdBy: actor.memberId,
        },
      ],
      { trx },
    );
    const t = transfers[0]!;
    if (!replayed) {
      await recordAudit(trx, actor, {
        action: `wallet.balance.${input.direction}`,
        subject: `member:${p.member.id}`,
        detail: {
          transferId: t.id,
          currency: p.currency.code,
          wallet: input.wallet,
          amount: p.amount.toString(),
          reason: input.reason,
          ...approval,
        },
      });
    }
    const after = input.direction === 'credit' ? t.creditBalanceAfter : t.debitBalanceAfter;
    return {
      id: t.id,
      createdAt: t.createdAt.toISOString(),
      currency: p.currency.code,
      amount: decimalOf(p.amount, p.currency),
      balanceAfter: decimalOf(after, p.currency),
      counterparty: p.member.username,
    };
  }

  /** Files the request for a second admin, once per Idempotency-Key, and audits who asked. */
  async function fileForApproval(
    req: MoneyRequest,
    kind: TApprovalKind,
    input: TAdjustBalance | TManualDeposit,
    p: { currency: { code: string }; amount: bigint; member: { id: string } },
    usd: bigint | null,
  ): Promise<TApprovalPending> {
    const id = req.transferId('approval');
    await db.transaction().execute(async (trx) => {
      const filed = await approvals.insert(trx, {
        id,
        kind,
        payload: input,
        memberId: p.member.id,
        currency: p.currency.code,
        amount: p.amount,
        usdMicros: usd ?? 0n,
        requestedBy: req.actor.memberId,
      });
      if (filed) {
        await recordAudit(trx, req.actor, {
          action: 'wallet.approval.request',
          subject: `approval:${id}`,
          detail: {
            approvalId: id,
            kind,
            memberId: p.member.id,
            currency: p.currency.code,
            amount: p.amount.toString(),
            usdMicros: (usd ?? 0n).toString(),
            requestedBy: req.actor.memberId,
          },
        });
      }
    });
    return { approval: await approvals.view(id, req.actor.memberId) };
  }

  return {
    /**
     * depositmenu: for each watched channel, the member's own address on its network, the token to send,
     * what a wallet app scans, the least that is credited and the confirmations awaited (decision 53).
     */
    depositInfo: async (memberId: string): Promise<TDepositInfo> => {
      const [channels, decimals] = await Promise.all([
        db
          .selectFrom('deposit_channels')
          .selectAll()
          .where('enabled', '=', true)
          .where('token_address', 'is not', null)
          .orderBy('currency')
          .orderBy('network')
          .execute(),
        ledger.currencies(),
      ]);
      const dec = new Map(decimals.map((c) => [c.code, c.decimals]));
      const watched = channels.filter((c) => isWatched(chain.networks, c.network));
      const addresses = new Map<string, string>();
      for (const family of new Set(watched.map((c) => familyOf(c.network)))) {
        addresses.set(family, await chain.addresses.of(memberId, family));
      }
      return {
        channels: watched.map((c) => {
          const address = addresses.get(familyOf(c.network))!;
          const chainId = c.network === 'TRC20' ? null : (chain.networks.evm.get(c.network)?.chainId ?? null);
          return {
            currency: c.currency,
            network: c.network,
            address,
            chainId,
            token: c.token_address!,
            uri: paymentUri({ address, token: c.token_address!, chainId }),
            minAmount: decimalOf(big(c.min_amount), { decimals: dec.get(c.currency) ?? 0 }),
            confirmations: c.confirmations,
          };
        }),
        testFaucet: chain.networks.dev !== null,
      };
    },

    /** The member's deposits: credited ones and on-chain ones still counting or not credited. */
    deposits: async (memberId: string, q: TPageQuery) => {
      const currencies = await ledger.currencies();
      const decimals = new Map(currencies.map((c) => [c.code, c.decimals]));
      return listMemberDeposits({ db, decimals }, memberId, q);
    },

    /**
     * An admin credits a deposit that arrived on chain, into the member's deposit wallet. Above the
     * four-eyes threshold it is filed for a second admin instead (answered with HTTP 202).
     */
    manualDeposit: async (req: MoneyRequest, input: TManualDeposit): Promise<TDeposit | TApprovalPending> => {
      const prepared = await prepareDeposit(input);
      const usd = await usdWorth(db, prepared.currency, prepared.amount);
      if (needsSecondAdmin(usd, fourEyesThresholdUsd)) {
        return fileForApproval(req, 'manual_deposit', input, prepared, usd);
      }
      return db
        .transaction()
        .execute((trx) =>
          runDeposit(trx, req.actor, req.transferId('deposit'), traceOf(req), input, prepared),
        );
    },

    /**
     * A correction by an admin, against the adjustments account, with the reason in the memo and audit log.
     * Above the four-eyes threshold it is filed for a second admin instead (answered with HTTP 202).
     */
    adjust: async (req: MoneyRequest, input: TAdjustBalance): Promise<TReceipt | TApprovalPending> => {
      const prepared = await prepareAdjust(input);
      const usd = await usdWorth(db, prepared.currency, prepared.amount);
      if (needsSecondAdmin(usd, fourEyesThresholdUsd)) {
        return fileForApproval(req, 'adjustment', input, prepared, usd);
      }
      return db
        .transaction()
        .execute((trx) =>
          runAdjust(trx, req.actor, req.transferId('adjustment'), traceOf(req), input, prepared),
        );
    },

    /** Pending (first) and decided four-eyes requests. */
    approvals: (q: TAdminApprovalsQuery, viewerId: string) => approvals.list(q, viewerId),

    /**
     * A second admin approves: the request is marked approved and executed through the ledger in one
     * transaction, with a transfer id derived from the request's id, so it pays once however often and
     * however concurrently it is approved. The audit rows name both admins.
     */
    approve: async (req: MoneyRequest, id: string): Promise<TAdminApproval> => {
      const transferId = derivedUuid('admin-approval', id);
      await db.transaction().execute(async (trx) => {
        const row = await approvals.decide(trx, id, req.actor.memberId, { status: 'approved' });
        const approval = { approvalId: id, requestedBy: row.requested_by, approvedBy: req.actor.memberId };
        const trace = { ...traceOf(req), approvalId: id };
        if (row.kind === 'adjustment') {
          const input = row.payload as TAdjustBalance;
          await runAdjust(trx, req.actor, transferId, trace, input, await prepareAdjust(input), approval);
        } else {
          const input = row.payload as TManualDeposit;
          await runDeposit(trx, req.actor, transferId, trace, input, await prepareDeposit(input), approval);
        }
        await approvals.setTransfer(trx, id, transferId);
        await recordAudit(trx, req.actor, {
          action: 'wallet.approval.approve',
          subject: `approval:${id}`,
          detail: { ...approval, kind: row.kind, transferId },
        });
      });
      return approvals.view(id, req.actor.memberId);
    },

    /** Any admin may turn a request down, its own requester included (withdrawing it). Nothing moves. */
    rejectApproval: async (actor: Actor, id: string, reason: string): Promise<TAdminApproval> => {
      await db.transaction().execute(async (trx) => {
        const row = await approvals.decide(trx, id, actor.memberId, { status: 'rejected', reason });
        await recordAudit(trx, actor, {
          action: 'wallet.approval.reject',
          subject: `approval:${id}`,
          detail: {
            approvalId: id,
            kind: row.kind,
            requestedBy: row.requested_by,
            rejectedBy: actor.memberId,
            reason,
          },
        });
      });
      return approvals.view(id, actor.memberId);
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
