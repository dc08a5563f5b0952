import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { requestLanguage } from '../../platform/language';
import type { ExchangeService } from './exchange.service';
import type { FundingService } from './funding.service';
import { moneyRequestOf } from './money-request';
import type { WalletService } from './wallet.service';
import type { WithdrawalService } from './withdrawal.service';

export interface WalletRoutesOptions {
  wallet: WalletService;
  exchange: ExchangeService;
  withdrawals: WithdrawalService;
  funding: FundingService;
  moneyRateLimit: number;
}

const tags = ['wallet'];

/** The member's wallet: balances, records, transfers, airdrops, exchange, addresses, withdrawals, deposits. */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  /** Moves money: an Idempotency-Key, and a tighter rate limit per IP. */
  const moves = {
    ...member,
    idempotent: true,
    rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' },
  };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  route(app, Endpoints.wallet.wallet, {
    config: member,
    tags,
    handler: (request) => o.wallet.overview(me(request)),
  });

  route(app, Endpoints.wallet.walletRecords, {
    config: member,
    tags,
    handler: (request) => o.wallet.records(me(request), request.query),
  });

  route(app, Endpoints.wallet.recipient, {
    // A lookup by username could list members: limited like a money action.
    config: { ...member, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } },
    tags,
    handler: (request) => o.wallet.recipient(me(request), request.query.username),
  });

  route(app, Endpoints.wallet.transferRules, {
    config: member,
    tags,
    handler: async () => ({
      items: await o.wallet.transferRules(),
    }),
  });

  route(app, Endpoints.wallet.transfer, {
    config: moves,
    tags,
    handler: (request) => o.wallet.transfer(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.wallet.airdrop, {
    config: moves,
    tags,
    handler: (request) => o.wallet.airdrop(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.wallet.exchangePairs, {
    config: member,
    tags,
    handler: async () => ({
      items: (await o.exchange.pairs()).filter((p) => p.enabled),
    }),
  });

  route(app, Endpoints.wallet.exchangeQuote, {
    config: member,
    tags,
    handler: (request) => o.exchange.quote(request.body.pairId, request.body.amount),
  });

  route(app, Endpoints.wallet.exchange, {
    config: moves,
    tags,
    handler: (request) => o.exchange.exchange(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.wallet.withdrawAddresses, {
    config: member,
    tags,
    handler: async (request) => ({ items: await o.withdrawals.addresses(me(request)) }),
  });

  route(app, Endpoints.wallet.postWithdrawAddresses, {
    config: moves,
    tags,
    handler: (request) => o.withdrawals.bindAddress(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.wallet.withdrawOptions, {
    config: member,
    tags,
    handler: (request) => o.withdrawals.options(requestLanguage(request)),
  });

  route(app, Endpoints.wallet.withdrawals, {
    config: member,
    tags,
    handler: (request) => o.withdrawals.list(me(request), request.query),
  });

  route(app, Endpoints.wallet.postWithdrawals, {
    config: moves,
    tags,
    handler: (request) => o.withdrawals.create(moneyRequestOf(request), request.body),
  });

  route(app, Endpoints.wallet.withdrawalCancel, {
    config: moves,
    tags,
    handler: (request) => o.withdrawals.cancel(moneyRequestOf(request).actor, request.params.id),
  });

  route(app, Endpoints.wallet.depositInfo, {
    config: member,
    tags,
    handler: (request) => o.funding.depositInfo(me(request)),
  });

  route(app, Endpoints.wallet.deposits, {
    config: member,
    tags,
    handler: (request) => o.funding.deposits(me(request), request.query),
  });
};
