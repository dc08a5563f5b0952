import {
  Paths,
  ZActivateRequest,
  ZAdminMiningPackage,
  ZAdminMiningPackages,
  ZCart,
  ZCartCheckoutRequest,
  ZCartPut,
  ZCartQuote,
  ZCartQuoteRequest,
  ZCartReceipt,
  ZDailyRateInput,
  ZDailyRates,
  ZLatestSales,
  ZMiningBuyRequest,
  ZMiningCategories,
  ZMiningCategory,
  ZMiningCategoryId,
  ZMiningCategoryInput,
  ZMiningInfo,
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
  ZNetworkParamsInput,
  ZNetworkParamsList,
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
import { type Actor, recordAudit } from '../../platform/audit';
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
    async (request) => ({
      items: await o.packages.onSale(request.query.categoryId, requestLanguage(request)),
    }),
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
  app.post(
    Paths.miningCartQuote,
    { config: member, schema: { tags, body: ZCartQuoteRequest, response: { 200: ZCartQuote } } },
    (request) => o.purchases.quoteCart(me(request), request.body),
  );
  app.post(
    Paths.miningCartCheckout,
    { config: moves, schema: { tags, body: ZCartCheckoutRequest, response: { 200: ZCartReceipt } } },
    (request) => o.purchases.checkout(moneyRequestOf(request), request.body),
  );
  app.get(
    Paths.miningPromotions,
    { config: member, schema: { tags, response: { 200: ZMiningPromotions } } },
    async () => ({ items: await o.promotions.running() }),
  );
  /**
   * Every admin write has the same shape: admin access, the admin tag, zod params and body, the acting
   * admin passed on (each service audits its own change). One piece serves them all.
   */
  const adminWrite = <P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    schema: { params?: P; body?: B; response: R },
    run: (actor: Actor, input: { params: z.infer<P>; body: z.infer<B> }) => Promise<z.infer<R>>,
  ) =>
    app.route({
      method,
      url,
      config: admin,
      schema: {
        tags: adminTags,
        ...(schema.params ? { params: schema.params } : {}),
        ...(schema.body ? { body: schema.body } : {}),
        response: { 200: schema.response },
      },
      // The schema above validates params and body, and the response schema the answer; the type provider
      // cannot resolve generic schemas, hence the casts.
      handler: (request) =>
        run(actorOf(request), {
          params: request.params as z.infer<P>,
          body: request.body as z.infer<B>,
        }) as never,
    });
  const ok = { ok: true as const };
  const adminList = <R extends z.ZodType>(url: string, response: R, list: () => Promise<z.infer<R>>) =>
    app.get(
      url,
      { config: admin, schema: { tags: adminTags, response: { 200: response } } },
      () => list() as never,
    );

  adminList(Paths.adminMiningPromotions, ZMiningPromotions, async () => ({
    items: await o.promotions.all(),
  }));
  adminWrite(
    'POST',
    Paths.adminMiningPromotions,
    { body: ZMiningPromotionInput, response: ZMiningPromotion },
    (a, i) => o.promotions.create(a, i.body),
  );
  adminWrite(
    'DELETE',
    Paths.adminMiningPromotion,
    { params: ZPromotionParams, response: ZOk },
    async (a, i) => {
      await o.promotions.remove(a, i.params.id);
      return ok;
    },
  );

  adminList(Paths.adminMiningPackages, ZAdminMiningPackages, async () => ({ items: await o.packages.all() }));
  adminWrite(
    'POST',
    Paths.adminMiningPackages,
    { body: ZMiningPackageInput, response: ZAdminMiningPackage },
    (a, i) => o.packages.create(a, i.body),
  );
  adminWrite(
    'PUT',
    Paths.adminMiningPackage,
    { params: ZPackageParams, body: ZMiningPackageInput, response: ZAdminMiningPackage },
    (a, i) => o.packages.update(a, i.params.id, i.body),
  );
  app.get(
    Paths.adminMiningDailyRate,
    { config: admin, schema: { tags: adminTags, params: ZPackageParams, response: { 200: ZDailyRates } } },
    async (request) => ({ items: await o.packages.dailyRates(request.params.id) }),
  );
  adminWrite(
    'POST',
    Paths.adminMiningDailyRate,
    { params: ZPackageParams, body: ZDailyRateInput, response: ZOk },
    async (a, i) => {
      await o.packages.setDailyRate(a, i.params.id, i.body);
      return ok;
    },
  );
  adminWrite(
    'POST',
    Paths.adminMiningCategories,
    { body: ZMiningCategoryInput, response: ZMiningCategory },
    (a, i) => o.packages.createCategory(a, i.body),
  );
  adminWrite(
    'PUT',
    Paths.adminMiningCategory,
    { params: ZCategoryParams, body: ZMiningCategoryInput, response: ZMiningCategory },
    (a, i) => o.packages.updateCategory(a, i.params.id, i.body),
  );
  adminList(Paths.adminMiningNetworkParams, ZNetworkParamsList, async () => ({
    items: await o.packages.networkParams(),
  }));
  adminWrite(
    'POST',
    Paths.adminMiningNetworkParams,
    { body: ZNetworkParamsInput, response: ZOk },
    async (a, i) => {
      await o.packages.setNetworkParams(a, i.body);
      return ok;
    },
  );
  app.post(
    Paths.adminMiningPayoutRun,
    // A run pays the day's yields: a fresh authenticator code first (decision 45).
    {
      config: { ...admin, stepUp: true },
      schema: { tags: adminTags, body: ZPayoutRunRequest, response: { 200: ZPayoutRun } },
    },
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
