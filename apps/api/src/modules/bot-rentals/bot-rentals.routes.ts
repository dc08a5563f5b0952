import {
  Paths,
  ZBotOnboarding,
  ZBotPackage,
  ZBotPackageId,
  ZBotPackageInput,
  ZBotPackages,
  ZBotRental,
  ZBotRentalId,
  ZBotRentals,
  ZOk,
  ZRenewRequest,
  ZRentalPurchase,
  ZRentalPurchasesQuery,
  ZRentalQuote,
  ZRentalQuoteRequest,
  ZRentalReceipt,
  ZRentRequest,
  ZTopUpRequest,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
import { moneyRequestOf } from '../wallet/money-request';
import type { BotOnboarding } from './bot-onboarding';
import type { BotPackageService } from './bot-packages.service';
import type { BotRentalService } from './bot-rentals.service';

export interface BotRentalRoutesOptions {
  rentals: BotRentalService;
  packages: BotPackageService;
  onboarding: BotOnboarding;
  moneyRateLimit: number;
}

const tags = ['bot-rentals'];
const ZRentalParams = z.object({ id: ZBotRentalId });
const ZPackageParams = z.object({ id: ZBotPackageId });

/** Packages, renting, top-ups, renewals, the member's rentals and sales, the onboarding check; admin packages. */
export const botRentalRoutes: FastifyPluginAsyncZod<BotRentalRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };
  const buys = { ...member, idempotent: true, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  const actorOf = (request: Parameters<typeof callerOf>[0]) => ({ memberId: me(request), ip: request.ip });

  app.get(
    Paths.botPackages,
    { config: member, schema: { tags, response: { 200: ZBotPackages } } },
    async () => ({ items: await o.packages.onSale() }),
  );

  app.get(
    Paths.botRentals,
    { config: member, schema: { tags, response: { 200: ZBotRentals } } },
    async (request) => ({ items: await o.rentals.rentals(me(request)) }),
  );

  app.get(
    Paths.botRentalPurchases,
    {
      config: member,
      schema: { tags, querystring: ZRentalPurchasesQuery, response: { 200: zPage(ZRentalPurchase) } },
    },
    (request) => o.rentals.purchases(me(request), request.query),
  );

  app.get(
    Paths.botRental,
    { config: member, schema: { tags, params: ZRentalParams, response: { 200: ZBotRental } } },
    (request) => o.rentals.rental(me(request), request.params.id),
  );

  app.post(
    Paths.botRentalQuote,
    { config: member, schema: { tags, body: ZRentalQuoteRequest, response: { 200: ZRentalQuote } } },
    (request) => o.rentals.quote(me(request), request.body),
  );

  app.post(
    Paths.botRentals,
    { config: buys, schema: { tags, body: ZRentRequest, response: { 200: ZRentalReceipt } } },
    (request) => o.rentals.rent(moneyRequestOf(request), request.body),
  );

  app.post(
    Paths.botRentalTopUp,
    {
      config: buys,
      schema: { tags, params: ZRentalParams, body: ZTopUpRequest, response: { 200: ZRentalReceipt } },
    },
    (request) => o.rentals.topUp(moneyRequestOf(request), request.params.id, request.body),
  );

  app.post(
    Paths.botRentalRenew,
    {
      config: buys,
      schema: { tags, params: ZRentalParams, body: ZRenewRequest, response: { 200: ZRentalReceipt } },
    },
    (request) => o.rentals.renew(moneyRequestOf(request), request.params.id, request.body),
  );

  app.get(
    Paths.botOnboarding,
    { config: member, schema: { tags, response: { 200: ZBotOnboarding } } },
    (request) => o.onboarding.check(me(request)),
  );

  app.get(
    Paths.adminBotPackages,
    { config: admin, schema: { tags: ['admin'], response: { 200: ZBotPackages } } },
    async () => ({ items: await o.packages.all() }),
  );

  app.post(
    Paths.adminBotPackages,
    { config: admin, schema: { tags: ['admin'], body: ZBotPackageInput, response: { 200: ZBotPackage } } },
    (request) => o.packages.create(actorOf(request), request.body),
  );

  app.put(
    Paths.adminBotPackage,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: ZPackageParams,
        body: ZBotPackageInput,
        response: { 200: ZBotPackage },
      },
    },
    (request) => o.packages.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    Paths.adminBotPackage,
    { config: admin, schema: { tags: ['admin'], params: ZPackageParams, response: { 200: ZOk } } },
    async (request) => {
      await o.packages.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
