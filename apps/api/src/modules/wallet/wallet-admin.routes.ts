import {
  Paths,
  ZAdjustBalance,
  ZAdminApproval,
  ZAdminApprovalsQuery,
  ZAdminWithdrawal,
  ZAdminWithdrawalsQuery,
  ZApprovalPending,
  ZApproveWithdrawal,
  ZAuditEntry,
  ZAuditQuery,
  ZBulkAirdrop,
  ZBulkAirdropResult,
  ZDeposit,
  ZExchangePairs,
  ZManualDeposit,
  ZMarkWithdrawalPaid,
  ZOk,
  ZReceipt,
  ZRejectApproval,
  ZRejectWithdrawal,
  ZSetPrice,
  ZSetTransferRule,
  ZTransferRules,
  ZUpdateExchangePair,
  ZWithdrawal,
  zPage,
  zSerialId,
} from '@app/contracts';
import { parseAmount } from '@app/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { moneyRequestOf } from './money-request';
import type { WalletRoutesOptions } from './wallet.routes';

const tags = ['admin'];
const ZUuidParams = z.object({ id: z.uuid() });
const ZPairParams = z.object({ id: zSerialId() });

/** Admin/wdlist, AdminApprovewd and the admin's money tools. Every action is audited by its service. */
export const walletAdminRoutes: FastifyPluginAsyncZod<Omit<WalletRoutesOptions, 'moneyRateLimit'>> = async (
  app,
  o,
) => {
  const admin = { access: 'admin' as const };
  const moves = { ...admin, idempotent: true };
  // Money goes out or in: a fresh authenticator code first (decision 45). Refusing a withdrawal moves none.
  const stepUpMoves = { ...moves, stepUp: true };
  const actorOf = (request: Parameters<typeof moneyRequestOf>[0]) => moneyRequestOf(request).actor;

  app.get(
    Paths.adminWithdrawals,
    {
      config: admin,
      schema: { tags, querystring: ZAdminWithdrawalsQuery, response: { 200: zPage(ZAdminWithdrawal) } },
    },
    (request) => o.withdrawals.queue(request.query),
  );

  app.post(
    Paths.adminWithdrawalApprove,
    {
      config: stepUpMoves,
      schema: { tags, params: ZUuidParams, body: ZApproveWithdrawal, response: { 200: ZWithdrawal } },
    },
    (request) => o.withdrawals.approve(actorOf(request), request.params.id, request.body.txHash),
  );

  app.post(
    Paths.adminWithdrawalPaid,
    {
      config: stepUpMoves,
      schema: { tags, params: ZUuidParams, body: ZMarkWithdrawalPaid, response: { 200: ZWithdrawal } },
    },
    (request) => o.withdrawals.markPaid(actorOf(request), request.params.id, request.body.txHash),
  );

  app.post(
    Paths.adminWithdrawalReject,
    {
      config: moves,
      schema: { tags, params: ZUuidParams, body: ZRejectWithdrawal, response: { 200: ZWithdrawal } },
    },
    (request) => o.withdrawals.reject(actorOf(request), request.params.id, request.body.reason),
  );

  // Above the four-eyes threshold an adjustment or manual deposit is filed for a second admin: 202.
  app.post(
    Paths.adminAdjust,
    {
      config: stepUpMoves,
      schema: { tags, body: ZAdjustBalance, response: { 200: ZReceipt, 202: ZApprovalPending } },
    },
    async (request, reply) => {
      const result = await o.funding.adjust(moneyRequestOf(request), request.body);
      if ('approval' in result) reply.code(202);
      return result;
    },
  );

  app.post(
    Paths.adminDeposit,
    {
      config: stepUpMoves,
      schema: { tags, body: ZManualDeposit, response: { 200: ZDeposit, 202: ZApprovalPending } },
    },
    async (request, reply) => {
      const result = await o.funding.manualDeposit(moneyRequestOf(request), request.body);
      if ('approval' in result) reply.code(202);
      return result;
    },
  );

  app.get(
    Paths.adminApprovals,
    {
      config: admin,
      schema: { tags, querystring: ZAdminApprovalsQuery, response: { 200: zPage(ZAdminApproval) } },
    },
    (request) => o.funding.approvals(request.query, actorOf(request).memberId),
  );

  app.post(
    Paths.adminApprovalApprove,
    { config: stepUpMoves, schema: { tags, params: ZUuidParams, response: { 200: ZAdminApproval } } },
    (request) => o.funding.approve(moneyRequestOf(request), request.params.id),
  );

  app.post(
    Paths.adminApprovalReject,
    {
      config: admin,
      schema: { tags, params: ZUuidParams, body: ZRejectApproval, response: { 200: ZAdminApproval } },
    },
    (request) => o.funding.rejectApproval(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    Paths.adminAirdrop,
    { config: stepUpMoves, schema: { tags, body: ZBulkAirdrop, response: { 200: ZBulkAirdropResult } } },
    (request) => o.funding.bulkAirdrop(moneyRequestOf(request), request.body),
  );

  app.get(
    Paths.adminTransferRules,
    { config: admin, schema: { tags, response: { 200: ZTransferRules } } },
    async () => ({
      items: await o.wallet.transferRules(),
    }),
  );

  app.put(
    Paths.adminTransferRules,
    { config: admin, schema: { tags, body: ZSetTransferRule, response: { 200: ZOk } } },
    async (request) => {
      await o.wallet.setTransferRule(actorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.adminExchangePairs,
    { config: admin, schema: { tags, response: { 200: ZExchangePairs } } },
    async () => ({ items: await o.exchange.pairs() }),
  );

  app.put(
    Paths.adminExchangePair,
    {
      config: admin,
      schema: { tags, params: ZPairParams, body: ZUpdateExchangePair, response: { 200: ZOk } },
    },
    async (request) => {
      await o.exchange.updatePair(actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  // A price is what four eyes values a request by: changing one asks for a fresh code too.
  app.put(
    Paths.adminPrices,
    { config: { ...admin, stepUp: true }, schema: { tags, body: ZSetPrice, response: { 200: ZOk } } },
    async (request) => {
      // A price of 0 is allowed (promotional coins count for nothing in the USD total).
      const parsed = parseAmount(request.body.usdPrice, 6);
      if (!parsed.ok && parsed.error !== 'AMOUNT_NOT_POSITIVE') throw new AppError(parsed.error);
      const micros = parsed.ok ? parsed.value : 0n;
      await o.exchange.setPrice(actorOf(request), request.body.currency, micros);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.adminAudit,
    { config: admin, schema: { tags, querystring: ZAuditQuery, response: { 200: zPage(ZAuditEntry) } } },
    (request) => o.funding.auditLog(request.query),
  );
};
