import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { callerOf } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { route } from '../../platform/endpoint-route';
import { requestLanguage } from '../../platform/language';
import { moneyRequestOf } from '../wallet/money-request';
import type { MiningCartService } from './mining-cart.service';
import type { MiningInfoService } from './mining-info.service';
import type { MiningPackageService } from './mining-packages.service';
import type { MiningPayoutService } from './mining-payouts.service';
import type { MiningPromotionService } from './mining-promotions.service';
import type { MiningPurchaseService } from './mining-purchases.service';
import type { MiningStockService } from './mining-stock.service';

export interface MiningRoutesOptions {
  db: Db;
  packages: MiningPackageService;
  purchases: MiningPurchaseService;
  stock: MiningStockService;
  payouts: MiningPayoutService;
  info: MiningInfoService;
  promotions: MiningPromotionService;
  cart: MiningCartService;
  moneyRateLimit: number;
}

const tags = ['mining'];
const adminTags = ['admin'];

/** Mining packages, purchases, stock, activation and info; admin packages, rates and payout runs. */
export const miningRoutes: FastifyPluginAsyncZod<MiningRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };
  const moves = { ...member, idempotent: true, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  const actorOf = (request: Parameters<typeof callerOf>[0]) => ({ memberId: me(request), ip: request.ip });

  route(app, Endpoints.mining.miningCategories, {
    config: member,
    tags,
    handler: async () => ({ items: await o.packages.categories() }),
  });
  route(app, Endpoints.mining.miningPackages, {
    config: member,
    tags,
    handler: async (request) => ({
      items: await o.packages.onSale(request.query.categoryId, requestLanguage(request)),
    }),
  });
  route(app, Endpoints.mining.miningQuote, {
    config: member,
    tags,
    handler: (request) => o.purchases.quote(me(request), request.body),
  });
  route(app, Endpoints.mining.postMiningPurchases, {
    config: moves,
    tags,
    handler: (request) => o.purchases.buy(moneyRequestOf(request), request.body, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningPurchases, {
    config: member,
    tags,
    handler: (request) => o.purchases.purchases(me(request), request.query, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningLatestSales, {
    config: member,
    tags,
    handler: async (request) => ({ items: await o.purchases.latest(requestLanguage(request)) }),
  });
  route(app, Endpoints.mining.miningStock, {
    config: member,
    tags,
    handler: (request) => o.stock.stock(me(request), requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningStockMovements, {
    config: member,
    tags,
    handler: (request) => o.stock.movements(me(request), request.query, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningStockTransfer, {
    config: moves,
    tags,
    handler: (request) => o.stock.transfer(moneyRequestOf(request), request.body, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningActivate, {
    config: moves,
    tags,
    handler: (request) => o.stock.activate(moneyRequestOf(request), request.body),
  });
  route(app, Endpoints.mining.miningInfo, {
    config: member,
    tags,
    handler: (request) => o.info.info(me(request), requestLanguage(request)),
  });

  route(app, Endpoints.mining.miningCart, {
    config: member,
    tags,
    handler: (request) => o.cart.cart(me(request), requestLanguage(request)),
  });
  route(app, Endpoints.mining.putMiningCartItem, {
    config: member,
    tags,
    handler: (request) =>
      o.cart.put(me(request), request.params.id, request.body.units, requestLanguage(request)),
  });
  route(app, Endpoints.mining.deleteMiningCartItem, {
    config: member,
    tags,
    handler: (request) => o.cart.remove(me(request), request.params.id, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningCartQuote, {
    config: member,
    tags,
    handler: (request) => o.purchases.quoteCart(me(request), request.body, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningCartCheckout, {
    config: moves,
    tags,
    handler: (request) =>
      o.purchases.checkout(moneyRequestOf(request), request.body, requestLanguage(request)),
  });
  route(app, Endpoints.mining.miningPromotions, {
    config: member,
    tags,
    handler: async () => ({ items: await o.promotions.running() }),
  });
  const ok = { ok: true as const };
  // Every admin write: admin access, the admin tag, the acting admin passed on (each service audits its change).
  const adminOpts = { config: admin, tags: adminTags };
  const E = Endpoints.mining;

  route(app, E.adminMiningPromotions, {
    ...adminOpts,
    handler: async () => ({ items: await o.promotions.all() }),
  });
  route(app, E.postAdminMiningPromotions, {
    ...adminOpts,
    handler: (request) => o.promotions.create(actorOf(request), request.body),
  });
  route(app, E.deleteAdminMiningPromotion, {
    ...adminOpts,
    handler: async (request) => {
      await o.promotions.remove(actorOf(request), request.params.id);
      return ok;
    },
  });
  route(app, E.adminMiningPackages, {
    ...adminOpts,
    handler: async () => ({ items: await o.packages.all() }),
  });
  route(app, E.postAdminMiningPackages, {
    ...adminOpts,
    handler: (request) => o.packages.create(actorOf(request), request.body),
  });
  route(app, E.putAdminMiningPackage, {
    ...adminOpts,
    handler: (request) => o.packages.update(actorOf(request), request.params.id, request.body),
  });
  route(app, Endpoints.mining.adminMiningDailyRate, {
    config: admin,
    tags: adminTags,
    handler: async (request) => ({ items: await o.packages.dailyRates(request.params.id) }),
  });
  route(app, E.postAdminMiningDailyRate, {
    ...adminOpts,
    handler: async (request) => {
      await o.packages.setDailyRate(actorOf(request), request.params.id, request.body);
      return ok;
    },
  });
  route(app, E.postAdminMiningCategories, {
    ...adminOpts,
    handler: (request) => o.packages.createCategory(actorOf(request), request.body),
  });
  route(app, E.putAdminMiningCategory, {
    ...adminOpts,
    handler: (request) => o.packages.updateCategory(actorOf(request), request.params.id, request.body),
  });
  route(app, E.adminMiningNetworkParams, {
    ...adminOpts,
    handler: async () => ({ items: await o.packages.networkParams() }),
  });
  route(app, E.postAdminMiningNetworkParams, {
    ...adminOpts,
    handler: async (request) => {
      await o.packages.setNetworkParams(actorOf(request), request.body);
      return ok;
    },
  });
  route(app, Endpoints.mining.adminMiningPayoutRun, {
    // A run pays the day's yields: a fresh authenticator code first (decision 45).
    config: { ...admin, stepUp: true },
    tags: adminTags,
    handler: async (request) => {
      const run = await o.payouts.runPayouts(request.body.day);
      await recordAudit(o.db, actorOf(request), {
        action: 'mining.payout_run',
        subject: `mining_payouts:${request.body.day}`,
        detail: run,
      });
      return run;
    },
  });
};
