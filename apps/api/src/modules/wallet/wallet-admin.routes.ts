import { Endpoints } from '@app/contracts';
import { parseAmount } from '@app/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint-route';
import { AppError } from '../../platform/errors';
import { moneyRequestOf } from './money-request';
import type { WalletRoutesOptions } from './wallet.routes';

const tags = ['admin'];

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

  route(app, Endpoints.walletAdmin.adminWithdrawals, {
    config: admin,
    tags,
    handler: (request) => o.withdrawals.queue(request.query),
  });

  route(app, Endpoints.walletAdmin.adminWithdrawalApprove, {
    config: stepUpMoves,
    tags,
    handler: (request) => o.withdrawals.approve(actorOf(request), request.params.id, request.body.txHash),
  });

  route(app, Endpoints.walletAdmin.adminWithdrawalPaid, {
    config: stepUpMoves,
    tags,
    handler: (request) => o.withdrawals.markPaid(actorOf(request), request.params.id, request.body.txHash),
  });

  route(app, Endpoints.walletAdmin.adminWithdrawalReject, {
    config: moves,
    tags,
    handler: (request) => o.withdrawals.reject(actorOf(request), request.params.id, request.body.reason),
  });

  // Above the four-eyes threshold an adjustment or manual deposit is filed for a second admin: 202.
  route(app, Endpoints.walletAdmin.adminAdjust, {
    config: stepUpMoves,
    tags,
    handler: async (request, reply) => {
      const result = await o.funding.adjust(moneyRequestOf(request), request.body);
      if ('approval' in result) reply.code(202);
      return result;
    },
  });

  route(app, Endpoints.walletAdmin.adminDeposit, {
    config: stepUpMoves,
    tags,
    handler: async (request, reply) => {
      const result = await o.funding.manualDeposit(moneyRequestOf(request), request.body);
      if ('approval' in result) reply.code(202);
      return result;
    },
  });

  route(app, Endpoints.walletAdmin.adminApprovals, {
    config: admin,
    tags,
    handler: (request) => o.funding.approvals(request.query, actorOf(request).memberId),
  });

  route(app, Endpoints.walletAdmin.adminApprovalApprove, {
    config: stepUpMoves,
    tags,
    handler: (request) => o.funding.approve(moneyRequestOf(request), request.params.id),
  });

  route(app, Endpoints.walletAdmin.adminApprovalReject, {
    config: admin,
    tags,
    handler: (request) => o.funding.rejectApproval(actorOf(request), request.params.id, request.body.reason),
  });

  route(app, Endpoints.walletAdmin.adminAirdrop, {
    config: stepUpMoves,
    tags,
    handler: (request) => o.funding.bulkAirdrop(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.walletAdmin.adminTransferRules, {
    config: admin,
    tags,
    handler: async () => ({
      items: await o.wallet.transferRules(),
    }),
  });

  route(app, Endpoints.walletAdmin.putAdminTransferRules, {
    config: admin,
    tags,
    handler: async (request) => {
      await o.wallet.setTransferRule(actorOf(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.walletAdmin.adminExchangePairs, {
    config: admin,
    tags,
    handler: async () => ({ items: await o.exchange.pairs() }),
  });

  route(app, Endpoints.walletAdmin.adminExchangePair, {
    config: admin,
    tags,
    handler: async (request) => {
      await o.exchange.updatePair(actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  });

  // A price is what four eyes values a request by: changing one asks for a fresh code too.
  route(app, Endpoints.walletAdmin.adminPrices, {
    config: { ...admin, stepUp: true },
    tags,
    handler: async (request) => {
      // A price of 0 is allowed (promotional coins count for nothing in the USD total).
      const parsed = parseAmount(request.body.usdPrice, 6);
      if (!parsed.ok && parsed.error !== 'AMOUNT_NOT_POSITIVE') throw new AppError(parsed.error);
      const micros = parsed.ok ? parsed.value : 0n;
      await o.exchange.setPrice(actorOf(request), request.body.currency, micros);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.walletAdmin.adminAudit, {
    config: admin,
    tags,
    handler: (request) => o.funding.auditLog(request.query),
  });
};
