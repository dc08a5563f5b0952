import {
  Paths,
  type TActivateRequest,
  type TMiningBuyRequest,
  type TMiningPackageInput,
  type TMiningPromotionInput,
  type TMiningQuoteRequest,
  type TStockTransferRequest,
  ZCart,
  ZLatestSales,
  ZMiningInfo,
  ZMiningPackage,
  ZMiningPackages,
  ZMiningPromotion,
  ZMiningPromotions,
  ZMiningPurchase,
  ZMiningQuote,
  ZMiningReceipt,
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
  packages: (signal?: AbortSignal) => api.get(Paths.adminMiningPackages, ZMiningPackages, { signal }),
  create: (body: TMiningPackageInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningPackages, ZMiningPackage, body, { handled }),
  update: (id: string, body: TMiningPackageInput, handled: readonly string[]) =>
    api.put(pathWith(Paths.adminMiningPackage, { id }), ZMiningPackage, body, { handled }),
  promotions: (signal?: AbortSignal) => api.get(Paths.adminMiningPromotions, ZMiningPromotions, { signal }),
  createPromotion: (body: TMiningPromotionInput, handled: readonly string[]) =>
    api.post(Paths.adminMiningPromotions, ZMiningPromotion, body, { handled }),
  removePromotion: (id: string, handled: readonly string[]) =>
    api.delete(pathWith(Paths.adminMiningPromotion, { id }), ZOk, { handled }),
  runPayouts: (day: string, handled: readonly string[]) =>
    api.post(Paths.adminMiningPayoutRun, ZPayoutRun, { day }, { handled }),
};
