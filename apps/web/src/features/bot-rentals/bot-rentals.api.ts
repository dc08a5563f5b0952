import {
  Paths,
  type TBotPackageInput,
  type TRenewRequest,
  type TRentalQuoteRequest,
  type TRentRequest,
  type TTopUpRequest,
  ZBotOnboarding,
  ZBotPackage,
  ZBotPackages,
  ZBotRentals,
  ZOk,
  ZRentalPurchase,
  ZRentalQuote,
  ZRentalReceipt,
  zPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

const ZPurchasePage = zPage(ZRentalPurchase);

/** Everything under `bot-rentals` is refreshed at once after a purchase. */
export const rentalKeys = {
  all: ['bot-rentals'] as const,
  packages: ['bot-rentals', 'packages'] as const,
  mine: ['bot-rentals', 'mine'] as const,
  purchases: ['bot-rentals', 'purchases'] as const,
  onboarding: ['bot-rentals', 'onboarding'] as const,
  adminPackages: ['bot-rentals', 'admin-packages'] as const,
};

/**
 * The member's rental calls. Purchases take the Idempotency-Key of the member's confirmation (`key`) and
 * the codes the receipt popup shows itself (`handled`).
 */
export const rentalsApi = {
  packages: (signal?: AbortSignal) => api.get(Paths.botPackages, ZBotPackages, { signal }),
  mine: (signal?: AbortSignal) => api.get(Paths.botRentals, ZBotRentals, { signal }),
  purchases: (page: number, pageSize: number) =>
    api.get(Paths.botRentalPurchases, ZPurchasePage, { query: { page, pageSize } }),
  onboarding: (signal?: AbortSignal) => api.get(Paths.botOnboarding, ZBotOnboarding, { signal }),
  quote: (body: TRentalQuoteRequest, handled: readonly string[]) =>
    api.post(Paths.botRentalQuote, ZRentalQuote, body, { handled }),
  rent: (body: TRentRequest, key: string, handled: readonly string[]) =>
    api.post(Paths.botRentals, ZRentalReceipt, body, { idempotencyKey: key, handled }),
  topUp: (id: string, body: TTopUpRequest, key: string, handled: readonly string[]) =>
    api.post(pathWith(Paths.botRentalTopUp, { id }), ZRentalReceipt, body, { idempotencyKey: key, handled }),
  renew: (id: string, body: TRenewRequest, key: string, handled: readonly string[]) =>
    api.post(pathWith(Paths.botRentalRenew, { id }), ZRentalReceipt, body, { idempotencyKey: key, handled }),
};

export const adminPackagesApi = {
  list: (signal?: AbortSignal) => api.get(Paths.adminBotPackages, ZBotPackages, { signal }),
  create: (body: TBotPackageInput, handled: readonly string[]) =>
    api.post(Paths.adminBotPackages, ZBotPackage, body, { handled }),
  update: (id: string, body: TBotPackageInput, handled: readonly string[]) =>
    api.put(pathWith(Paths.adminBotPackage, { id }), ZBotPackage, body, { handled }),
  remove: (id: string, handled: readonly string[]) =>
    api.delete(pathWith(Paths.adminBotPackage, { id }), ZOk, { handled }),
};
