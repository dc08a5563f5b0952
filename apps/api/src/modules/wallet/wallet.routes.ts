import {
  Paths,
  ZAirdropRequest,
  ZBindAddressRequest,
  ZDeposit,
  ZDepositInfo,
  ZExchangePairs,
  ZExchangeQuote,
  ZExchangeQuoteRequest,
  ZExchangeReceipt,
  ZExchangeRequest,
  ZPageQuery,
  ZReceipt,
  ZRecipient,
  ZRecipientQuery,
  ZTransferRequest,
  ZTransferRules,
  ZWalletOverview,
  ZWalletRecord,
  ZWalletRecordsQuery,
  ZWithdrawal,
  ZWithdrawalAddress,
  ZWithdrawalAddresses,
  ZWithdrawalOptions,
  ZWithdrawalsQuery,
  ZWithdrawRequest,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
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
const ZIdParams = z.object({ id: z.uuid() });

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

  app.get(Paths.wallet, { config: member, schema: { tags, response: { 200: ZWalletOverview } } }, (request) =>
    o.wallet.overview(me(request)),
  );

  app.get(
    Paths.walletRecords,
    {
      config: member,
      schema: { tags, querystring: ZWalletRecordsQuery, response: { 200: zPage(ZWalletRecord) } },
    },
    (request) => o.wallet.records(me(request), request.query),
  );

  app.get(
    Paths.recipient,
    {
      // A lookup by username could list members: limited like a money action.
      config: { ...member, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } },
      schema: { tags, querystring: ZRecipientQuery, response: { 200: ZRecipient } },
    },
    (request) => o.wallet.recipient(me(request), request.query.username),
  );

  app.get(
    Paths.transferRules,
    { config: member, schema: { tags, response: { 200: ZTransferRules } } },
    async () => ({
      items: await o.wallet.transferRules(),
    }),
  );

  app.post(
    Paths.transfer,
    { config: moves, schema: { tags, body: ZTransferRequest, response: { 200: ZReceipt } } },
    (request) => o.wallet.transfer(moneyRequestOf(request), request.body),
  );

  app.post(
    Paths.airdrop,
    { config: moves, schema: { tags, body: ZAirdropRequest, response: { 200: ZReceipt } } },
    (request) => o.wallet.airdrop(moneyRequestOf(request), request.body),
  );

  app.get(
    Paths.exchangePairs,
    { config: member, schema: { tags, response: { 200: ZExchangePairs } } },
    async () => ({
      items: (await o.exchange.pairs()).filter((p) => p.enabled),
    }),
  );

  app.post(
    Paths.exchangeQuote,
    { config: member, schema: { tags, body: ZExchangeQuoteRequest, response: { 200: ZExchangeQuote } } },
    (request) => o.exchange.quote(request.body.pairId, request.body.amount),
  );

  app.post(
    Paths.exchange,
    { config: moves, schema: { tags, body: ZExchangeRequest, response: { 200: ZExchangeReceipt } } },
    (request) => o.exchange.exchange(moneyRequestOf(request), request.body),
  );

  app.get(
    Paths.withdrawAddresses,
    { config: member, schema: { tags, response: { 200: ZWithdrawalAddresses } } },
    async (request) => ({ items: await o.withdrawals.addresses(me(request)) }),
  );

  app.post(
    Paths.withdrawAddresses,
    { config: moves, schema: { tags, body: ZBindAddressRequest, response: { 200: ZWithdrawalAddress } } },
    (request) => o.withdrawals.bindAddress(moneyRequestOf(request), request.body),
  );

  app.get(
    Paths.withdrawOptions,
    { config: member, schema: { tags, response: { 200: ZWithdrawalOptions } } },
    (request) => o.withdrawals.options(requestLanguage(request)),
  );

  app.get(
    Paths.withdrawals,
    {
      config: member,
      schema: { tags, querystring: ZWithdrawalsQuery, response: { 200: zPage(ZWithdrawal) } },
    },
    (request) => o.withdrawals.list(me(request), request.query),
  );

  app.post(
    Paths.withdrawals,
    { config: moves, schema: { tags, body: ZWithdrawRequest, response: { 200: ZWithdrawal } } },
    (request) => o.withdrawals.create(moneyRequestOf(request), request.body),
  );

  app.post(
    Paths.withdrawalCancel,
    { config: moves, schema: { tags, params: ZIdParams, response: { 200: ZWithdrawal } } },
    (request) => o.withdrawals.cancel(moneyRequestOf(request).actor, request.params.id),
  );

  app.get(
    Paths.depositInfo,
    { config: member, schema: { tags, response: { 200: ZDepositInfo } } },
    (request) => o.funding.depositInfo(me(request)),
  );

  app.get(
    Paths.deposits,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZDeposit) } } },
    (request) => o.funding.deposits(me(request), request.query),
  );
};
