import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { requestLanguage } from '../../platform/language';
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

/** Packages, renting, top-ups, renewals, the member's rentals and sales, the onboarding check; admin packages. */
export const botRentalRoutes: FastifyPluginAsyncZod<BotRentalRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };
  const buys = { ...member, idempotent: true, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  const actorOf = (request: Parameters<typeof callerOf>[0]) => ({ memberId: me(request), ip: request.ip });

  route(app, Endpoints.botRentals.botPackages, {
    config: member,
    tags,
    handler: async (request) => ({ items: await o.packages.onSale(requestLanguage(request)) }),
  });

  route(app, Endpoints.botRentals.botRentals, {
    config: member,
    tags,
    handler: async (request) => ({ items: await o.rentals.rentals(me(request), requestLanguage(request)) }),
  });

  route(app, Endpoints.botRentals.botRentalPurchases, {
    config: member,
    tags,
    handler: (request) => o.rentals.purchases(me(request), request.query, requestLanguage(request)),
  });

  route(app, Endpoints.botRentals.botRental, {
    config: member,
    tags,
    handler: (request) => o.rentals.rental(me(request), request.params.id, requestLanguage(request)),
  });

  route(app, Endpoints.botRentals.botRentalQuote, {
    config: member,
    tags,
    handler: (request) => o.rentals.quote(me(request), request.body),
  });

  route(app, Endpoints.botRentals.postBotRentals, {
    config: buys,
    tags,
    handler: (request) => o.rentals.rent(moneyRequestOf(request), request.body, requestLanguage(request)),
  });

  route(app, Endpoints.botRentals.botRentalTopUp, {
    config: buys,
    tags,
    handler: (request) =>
      o.rentals.topUp(moneyRequestOf(request), request.params.id, request.body, requestLanguage(request)),
  });

  route(app, Endpoints.botRentals.botRentalRenew, {
    config: buys,
    tags,
    handler: (request) =>
      o.rentals.renew(moneyRequestOf(request), request.params.id, request.body, requestLanguage(request)),
  });

  route(app, Endpoints.botRentals.botOnboarding, {
    config: member,
    tags,
    handler: (request) => o.onboarding.check(me(request)),
  });

  route(app, Endpoints.botRentals.adminBotPackages, {
    config: admin,
    tags: ['admin'],
    handler: async () => ({ items: await o.packages.all() }),
  });

  route(app, Endpoints.botRentals.postAdminBotPackages, {
    config: admin,
    tags: ['admin'],
    handler: (request) => o.packages.create(actorOf(request), request.body),
  });

  route(app, Endpoints.botRentals.putAdminBotPackage, {
    config: admin,
    tags: ['admin'],
    handler: (request) => o.packages.update(actorOf(request), request.params.id, request.body),
  });

  route(app, Endpoints.botRentals.deleteAdminBotPackage, {
    config: admin,
    tags: ['admin'],
    handler: async (request) => {
      await o.packages.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
};
