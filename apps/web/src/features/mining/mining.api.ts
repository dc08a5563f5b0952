import {
  Paths,
  type TActivateRequest,
  type TCartCheckoutRequest,
  type TCartQuoteRequest,
  type TDailyRateInput,
  type TMiningBuyRequest,
  type TMiningCategoryInput,
  type TMiningPackageInput,
  type TMiningPromotionInput,
  type TMiningQuoteRequest,
  type TNetworkParamsInput,
  type TStockTransferRequest,
  ZAdminMiningPackage,
  ZAdminMiningPackages,
  ZCart,
  ZCartQuote,
  ZCartReceipt,
  ZDailyRates,
  ZLatestSales,
  ZMiningCategories,
  ZMiningCategory,
  ZMiningInfo,
  ZMiningPackages,
  ZMiningPromotion,
  ZMiningPromotions,
  ZMiningPurchase,
  ZMiningQuote,
  ZMiningReceipt,
  ZNetworkParamsList,
  ZOk,
  ZPayoutRun,
  ZStock,
  ZStockMovement,
  zPage,
} from '@app/contracts';
import { z } from 'zod';
import { api, pathWith } from '../../app/api';

/** Everything under `mining` is refreshed at once after a purchase, transfer or activation. */
export const miningKeys = {
  all: ['mining'] as const,
  packages: ['mining', 'packages'] as const,
  info: ['mining', 'info'] as const,
  stock: ['mining', 'stock'] as const,
  movements: ['mining', 'movements'] as const,
  purchases: ['mining', 'purchases'] as const,
  latest: ['mining', 'latest'] as const,
  promotions: ['mining', 'promotions'] as const,
  cart: ['mining', 'cart'] as const,
  adminPromotions: ['mining', 'admin-promotions'] as const,
  adminPackages: ['mining', 'admin-packages'] as const,
  categories: ['mining', 'categories'] as const,
  dailyRates: (id: string) => ['mining', 'daily-rates', id] as const,
  networkParams: ['mining', 'network-params'] as const,
};

const ZPurchasePage = zPage(ZMiningPurchase);
const ZMovementPage = zPage(ZStockMovement);
const ZActivated = z.object({ subscriptionId: z.string() });

export const miningApi = {
  packages: (signal?: AbortSignal) => api.get(Paths.miningPackages, ZMiningPackages, { signal }),
  info: (signal?: AbortSignal) => api.get(Paths.miningInfo, ZMiningInfo, { signal }),
  stock: (signal?: AbortSignal) => api.get(Paths.miningStock, ZStock, { signal }),
  latest: (signal?: AbortSignal) => api.get(Paths.miningLatestSales, ZLatestSales, { signal }),
  promotions: (signal?: AbortSignal) => api.get(Paths.miningPromotions, ZMiningPromotions, { signal }),
  cart: (signal?: AbortSignal) => api.get(Paths.miningCart, ZCart, { signal }),
  putInCart: (packageId: string, units: number) =>
    api.put(pathWith(Paths.miningCartItem, { id: packageId }), ZCart, { units }),
  removeFromCart: (packageId: string) => api.delete(pathWith(Paths.miningCartItem, { id: packageId }), ZCart),
  purchases: (page: number, pageSize: number) =>
    api.get(Paths.miningPurchases, ZPurchasePage, { query: { page, pageSize } }),
  movements: (page: number, pageSize: number) =>
    api.get(Paths.miningStockMovements, ZMovementPage, { query: { page, pageSize } }),
  quoteCart: (body: TCartQuoteRequest, handled: readonly string[]) =>
    api.post(Paths.miningCartQuote, ZCartQuote, body, { handled }),
  checkout: (body: TCartCheckoutRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.miningCartCheckout, ZCartReceipt, body, { idempotencyKey: key, handled }),
  quote: (body: TMiningQuoteRequest, handled: readonly string[]) =>
    api.post(Paths.miningQuote, ZMiningQuote, body, { handled }),
  buy: (body: TMiningBuyRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.miningPurchases, ZMiningReceipt, body, { idempotencyKey: key, handled }),
  transfer: (body: TStockTransferRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.miningStockTransfer, ZStock, body, { idempotencyKey: key, handled }),
  activate: (body: TActivateRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.miningActivate, ZActivated, body, { idempotencyKey: key, handled }),
};

export const adminMiningApi = {
  packages: (signal?: AbortSignal) => api.get(Paths.adminMiningPackages, ZAdminMiningPackages, { signal }),
  create: (body: TMiningPackageInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningPackages, ZAdminMiningPackage, body, { handled }),
  update: (id: string, body: TMiningPackageInput, handled: readonly string[]) =>
    api.put(pathWith(Paths.adminMiningPackage, { id }), ZAdminMiningPackage, body, { handled }),
  promotions: (signal?: AbortSignal) => api.get(Paths.adminMiningPromotions, ZMiningPromotions, { signal }),
  createPromotion: (body: TMiningPromotionInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningPromotions, ZMiningPromotion, body, { handled }),
  removePromotion: (id: string, handled: readonly string[]) =>
    api.delete(pathWith(Paths.adminMiningPromotion, { id }), ZOk, { handled }),
  categories: (signal?: AbortSignal) => api.get(Paths.miningCategories, ZMiningCategories, { signal }),
  createCategory: (body: TMiningCategoryInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningCategories, ZMiningCategory, body, { handled }),
  updateCategory: (id: string, body: TMiningCategoryInput, handled: readonly string[]) =>
    api.put(pathWith(Paths.adminMiningCategory, { id }), ZMiningCategory, body, { handled }),
  dailyRates: (id: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.adminMiningDailyRate, { id }), ZDailyRates, { signal }),
  setDailyRate: (id: string, body: TDailyRateInput, handled: readonly string[]) =>
    api.post(pathWith(Paths.adminMiningDailyRate, { id }), ZOk, body, { handled }),
  networkParams: (signal?: AbortSignal) =>
    api.get(Paths.adminMiningNetworkParams, ZNetworkParamsList, { signal }),
  setNetworkParams: (body: TNetworkParamsInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningNetworkParams, ZOk, body, { handled }),
  runPayouts: (day: string, handled: readonly string[]) =>
    api.post(Paths.adminMiningPayoutRun, ZPayoutRun, { day }, { handled }),
};
