import {
  Endpoints,
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
  packages: (signal?: AbortSignal) => api.call(Endpoints.mining.miningPackages, { signal }),
  info: (signal?: AbortSignal) => api.call(Endpoints.mining.miningInfo, { signal }),
  stock: (signal?: AbortSignal) => api.call(Endpoints.mining.miningStock, { signal }),
  latest: (signal?: AbortSignal) => api.call(Endpoints.mining.miningLatestSales, { signal }),
  promotions: (signal?: AbortSignal) => api.call(Endpoints.mining.miningPromotions, { signal }),
  cart: (signal?: AbortSignal) => api.call(Endpoints.mining.miningCart, { signal }),
  putInCart: (packageId: string, units: number) =>
    api.call(Endpoints.mining.putMiningCartItem, { params: { id: packageId }, body: { units } }),
  removeFromCart: (packageId: string) =>
    api.call(Endpoints.mining.deleteMiningCartItem, { params: { id: packageId } }),
  purchases: (page: number, pageSize: number) =>
    api.call(Endpoints.mining.miningPurchases, { query: { page, pageSize } }),
  movements: (page: number, pageSize: number) =>
    api.call(Endpoints.mining.miningStockMovements, { query: { page, pageSize } }),
  quoteCart: (body: TCartQuoteRequest, handled: readonly string[]) =>
    api.call(Endpoints.mining.miningCartQuote, { body, handled }),
  checkout: (body: TCartCheckoutRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.miningCartCheckout, { body, idempotencyKey: key, handled }),
  quote: (body: TMiningQuoteRequest, handled: readonly string[]) =>
    api.call(Endpoints.mining.miningQuote, { body, handled }),
  buy: (body: TMiningBuyRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.postMiningPurchases, { body, idempotencyKey: key, handled }),
  transfer: (body: TStockTransferRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.miningStockTransfer, { body, idempotencyKey: key, handled }),
  activate: (body: TActivateRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.miningActivate, { body, idempotencyKey: key, handled }),
};

export const adminMiningApi = {
  packages: (signal?: AbortSignal) => api.call(Endpoints.mining.adminMiningPackages, { signal }),
  create: (body: TMiningPackageInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.postAdminMiningPackages, { body, handled }),
  update: (id: string, body: TMiningPackageInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.putAdminMiningPackage, { params: { id }, body, handled }),
  promotions: (signal?: AbortSignal) => api.call(Endpoints.mining.adminMiningPromotions, { signal }),
  createPromotion: (body: TMiningPromotionInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.postAdminMiningPromotions, { body, handled }),
  removePromotion: (id: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.deleteAdminMiningPromotion, { params: { id }, handled }),
  categories: (signal?: AbortSignal) => api.call(Endpoints.mining.miningCategories, { signal }),
  createCategory: (body: TMiningCategoryInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.postAdminMiningCategories, { body, handled }),
  updateCategory: (id: string, body: TMiningCategoryInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.putAdminMiningCategory, { params: { id }, body, handled }),
  dailyRates: (id: string, signal?: AbortSignal) =>
    api.call(Endpoints.mining.adminMiningDailyRate, { params: { id }, signal }),
  setDailyRate: (id: string, body: TDailyRateInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.postAdminMiningDailyRate, { params: { id }, body, handled }),
  networkParams: (signal?: AbortSignal) => api.call(Endpoints.mining.adminMiningNetworkParams, { signal }),
  setNetworkParams: (body: TNetworkParamsInput, handled: readonly string[]) =>
    api.call(Endpoints.mining.postAdminMiningNetworkParams, { body, handled }),
  runPayouts: (day: string, handled: readonly string[]) =>
    api.call(Endpoints.mining.adminMiningPayoutRun, { body: { day }, handled }),
};
