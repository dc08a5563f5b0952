import {
  Paths,
  ZActivateRequest,
  ZCart,
  ZCartPut,
  ZDailyRateInput,
  ZLatestSales,
  ZMiningBuyRequest,
  ZMiningCategories,
  ZMiningCategory,
  ZMiningCategoryId,
  ZMiningCategoryInput,
  ZMiningInfo,
  ZMiningPackage,
  ZMiningPackageId,
  ZMiningPackageInput,
  ZMiningPackages,
  ZMiningPackagesQuery,
  ZMiningPromotion,
  ZMiningPromotionId,
  ZMiningPromotionInput,
  ZMiningPromotions,
  ZMiningPurchase,
  ZMiningPurchasesQuery,
  ZMiningQuote,
  ZMiningQuoteRequest,
  ZMiningReceipt,
  ZOk,
  ZPayoutRun,
  ZPayoutRunRequest,
  ZStock,
  ZStockMovement,
  ZStockMovementsQuery,
  ZStockTransferRequest,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { callerOf } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
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
const ZPackageParams = z.object({ id: ZMiningPackageId });
const ZCategoryParams = z.object({ id: ZMiningCategoryId });
const ZPromotionParams = z.object({ id: ZMiningPromotionId });

/** Mining packages, purchases, stock, activation and info; admin packages, rates and payout runs. */
export const miningRoutes: FastifyPluginAsyncZod<MiningRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const admin = { access: 'admin' as const };
  const moves = { ...member, idempotent: true, rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  const actorOf = (request: Parameters<typeof callerOf>[0]) => ({ memberId: me(request), ip: request.ip });

  app.get(
    Paths.miningCategories,
    { config: member, schema: { tags, response: { 200: ZMiningCategories } } },
    async () => ({ items: await o.packages.categories() }),
  );
  app.get(
    Paths.miningPackages,
    {
      config: member,
      schema: { tags, querystring: ZMiningPackagesQuery, response: { 200: ZMiningPackages } },
    },
    async (request) => ({ items: await o.packages.onSale(request.query.categoryId) }),
  );
  app.post(
    Paths.miningQuote,
    { config: member, schema: { tags, body: ZMiningQuoteRequest, response: { 200: ZMiningQuote } } },
    (request) => o.purchases.quote(me(request), request.body),
  );
  app.post(
    Paths.miningPurchases,
    { config: moves, schema: { tags, body: ZMiningBuyRequest, response: { 200: ZMiningReceipt } } },
    (request) => o.purchases.buy(moneyRequestOf(request), request.body),
  );
  app.get(
    Paths.miningPurchases,
    {
      config: member,
      schema: { tags, querystring: ZMiningPurchasesQuery, response: { 200: zPage(ZMiningPurchase) } },
    },
    (request) => o.purchases.purchases(me(request), request.query),
  );
  app.get(
    Paths.miningLatestSales,
    { config: member, schema: { tags, response: { 200: ZLatestSales } } },
    async () => ({ items: await o.purchases.latest() }),
  );
  app.get(Paths.miningStock, { config: member, schema: { tags, response: { 200: ZStock } } }, (request) =>
    o.stock.stock(me(request)),
  );
  app.get(
    Paths.miningStockMovements,
    {
      config: member,
      schema: { tags, querystring: ZStockMovementsQuery, response: { 200: zPage(ZStockMovement) } },
    },
    (request) => o.stock.movements(me(request), request.query),
  );
  app.post(
    Paths.miningStockTransfer,
    { config: moves, schema: { tags, body: ZStockTransferRequest, response: { 200: ZStock } } },
    (request) => o.stock.transfer(moneyRequestOf(request), request.body),
  );
  app.post(
    Paths.miningActivate,
    {
      config: moves,
      schema: { tags, body: ZActivateRequest, response: { 200: z.object({ subscriptionId: z.string() }) } },
    },
    (request) => o.stock.activate(moneyRequestOf(request), request.body),
  );
  app.get(Paths.miningInfo, { config: member, schema: { tags, response: { 200: ZMiningInfo } } }, (request) =>
    o.info.info(me(request)),
  );

  app.get(Paths.miningCart, { config: member, schema: { tags, response: { 200: ZCart } } }, (request) =>
    o.cart.cart(me(request)),
  );
  app.put(
    Paths.miningCartItem,
    { config: member, schema: { tags, params: ZPackageParams, body: ZCartPut, response: { 200: ZCart } } },
    (request) => o.cart.put(me(request), request.params.id, request.body.units),
  );
  app.delete(
    Paths.miningCartItem,
    { config: member, schema: { tags, params: ZPackageParams, response: { 200: ZCart } } },
    (request) => o.cart.remove(me(request), request.params.id),
  );
  app.get(
    Paths.miningPromotions,
    { config: member, schema: { tags, response: { 200: ZMiningPromotions } } },
    async () => ({ items: await o.promotions.running() }),
  );
  app.get(
    Paths.adminMiningPromotions,
    { config: admin, schema: { tags: adminTags, response: { 200: ZMiningPromotions } } },
    async () => ({ items: await o.promotions.all() }),
  );
  app.post(
    Paths.adminMiningPromotions,
    {
      config: admin,
      schema: { tags: adminTags, body: ZMiningPromotionInput, response: { 200: ZMiningPromotion } },
    },
    (request) => o.promotions.create(actorOf(request), request.body),
  );
  app.delete(
    Paths.adminMiningPromotion,
    { config: admin, schema: { tags: adminTags, params: ZPromotionParams, response: { 200: ZOk } } },
    async (request) => {
      await o.promotions.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.adminMiningPackages,
    { config: admin, schema: { tags: adminTags, response: { 200: ZMiningPackages } } },
    async () => ({ items: await o.packages.all() }),
  );
  app.post(
    Paths.adminMiningPackages,
    {
      config: admin,
      schema: { tags: adminTags, body: ZMiningPackageInput, response: { 200: ZMiningPackage } },
    },
    (request) => o.packages.create(actorOf(request), request.body),
  );
  app.put(
    Paths.adminMiningPackage,
    {
      config: admin,
      schema: {
        tags: adminTags,
        params: ZPackageParams,
        body: ZMiningPackageInput,
        response: { 200: ZMiningPackage },
      },
    },
    (request) => o.packages.update(actorOf(request), request.params.id, request.body),
  );
  app.post(
    Paths.adminMiningDailyRate,
    {
      config: admin,
      schema: { tags: adminTags, params: ZPackageParams, body: ZDailyRateInput, response: { 200: ZOk } },
    },
    async (request) => {
      await o.packages.setDailyRate(actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );
  app.post(
    Paths.adminMiningCategories,
    {
      config: admin,
      schema: { tags: adminTags, body: ZMiningCategoryInput, response: { 200: ZMiningCategory } },
    },
    (request) => o.packages.createCategory(actorOf(request), request.body),
  );
  app.put(
    Paths.adminMiningCategory,
    {
      config: admin,
      schema: {
        tags: adminTags,
        params: ZCategoryParams,
        body: ZMiningCategoryInput,
        response: { 200: ZMiningCategory },
      },
    },
    (request) => o.packages.updateCategory(actorOf(request), request.params.id, request.body),
  );
  app.post(
    Paths.adminMiningPayoutRun,
    { config: admin, schema: { tags: adminTags, body: ZPayoutRunRequest, response: { 200: ZPayoutRun } } },
    async (request) => {
      const run = await o.payouts.runPayouts(request.body.day);
      await recordAudit(o.db, actorOf(request), {
        action: 'mining.payout_run',
        subject: `mining_payouts:${request.body.day}`,
        detail: run,
      });
      return run;
    },
  );
};
