import {
  MiningEndpoints,
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
} from '@app/contracts';
import { api } from '../../app/api';

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

export const miningApi = {
  packages: (signal?: AbortSignal) => api.call(MiningEndpoints.miningPackages, { signal }),
  info: (signal?: AbortSignal) => api.call(MiningEndpoints.miningInfo, { signal }),
  stock: (signal?: AbortSignal) => api.call(MiningEndpoints.miningStock, { signal }),
  latest: (signal?: AbortSignal) => api.call(MiningEndpoints.miningLatestSales, { signal }),
  promotions: (signal?: AbortSignal) => api.call(MiningEndpoints.miningPromotions, { signal }),
  cart: (signal?: AbortSignal) => api.call(MiningEndpoints.miningCart, { signal }),
  putInCart: (packageId: string, units: number) =>
    api.call(MiningEndpoints.putMiningCartItem, { params: { id: packageId }, body: { units } }),
  removeFromCart: (packageId: string) =>
    api.call(MiningEndpoints.deleteMiningCartItem, { params: { id: packageId } }),
  purchases: (page: number, pageSize: number) =>
    api.call(MiningEndpoints.miningPurchases, { query: { page, pageSize } }),
  movements: (page: number, pageSize: number) =>
    api.call(MiningEndpoints.miningStockMovements, { query: { page, pageSize } }),
  quoteCart: (body: TCartQuoteRequest, handled: readonly string[]) =>
    api.call(MiningEndpoints.miningCartQuote, { body, handled }),
  checkout: (body: TCartCheckoutRequest, key: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.miningCartCheckout, { body, idempotencyKey: key, handled }),
  quote: (body: TMiningQuoteRequest, handled: readonly string[]) =>
    api.call(MiningEndpoints.miningQuote, { body, handled }),
  buy: (body: TMiningBuyRequest, key: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.postMiningPurchases, { body, idempotencyKey: key, handled }),
  transfer: (body: TStockTransferRequest, key: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.miningStockTransfer, { body, idempotencyKey: key, handled }),
  activate: (body: TActivateRequest, key: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.miningActivate, { body, idempotencyKey: key, handled }),
};

export const adminMiningApi = {
  packages: (signal?: AbortSignal) => api.call(MiningEndpoints.adminMiningPackages, { signal }),
  create: (body: TMiningPackageInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.postAdminMiningPackages, { body, handled }),
  update: (id: string, body: TMiningPackageInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.putAdminMiningPackage, { params: { id }, body, handled }),
  promotions: (signal?: AbortSignal) => api.call(MiningEndpoints.adminMiningPromotions, { signal }),
  createPromotion: (body: TMiningPromotionInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.postAdminMiningPromotions, { body, handled }),
  removePromotion: (id: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.deleteAdminMiningPromotion, { params: { id }, handled }),
  categories: (signal?: AbortSignal) => api.call(MiningEndpoints.miningCategories, { signal }),
  createCategory: (body: TMiningCategoryInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.postAdminMiningCategories, { body, handled }),
  updateCategory: (id: string, body: TMiningCategoryInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.putAdminMiningCategory, { params: { id }, body, handled }),
  dailyRates: (id: string, signal?: AbortSignal) =>
    api.call(MiningEndpoints.adminMiningDailyRate, { params: { id }, signal }),
  setDailyRate: (id: string, body: TDailyRateInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.postAdminMiningDailyRate, { params: { id }, body, handled }),
  networkParams: (signal?: AbortSignal) => api.call(MiningEndpoints.adminMiningNetworkParams, { signal }),
  setNetworkParams: (body: TNetworkParamsInput, handled: readonly string[]) =>
    api.call(MiningEndpoints.postAdminMiningNetworkParams, { body, handled }),
  runPayouts: (day: string, handled: readonly string[]) =>
    api.call(MiningEndpoints.adminMiningPayoutRun, { body: { day }, handled }),
};
