import {
  BotRentalsEndpoints,
  type TBotPackageInput,
  type TRenewRequest,
  type TRentalQuoteRequest,
  type TRentRequest,
  type TTopUpRequest,
} from '@app/contracts';
import { api } from '../../app/api';

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
  packages: (signal?: AbortSignal) => api.call(BotRentalsEndpoints.botPackages, { signal }),
  mine: (signal?: AbortSignal) => api.call(BotRentalsEndpoints.botRentals, { signal }),
  purchases: (page: number, pageSize: number) =>
    api.call(BotRentalsEndpoints.botRentalPurchases, { query: { page, pageSize } }),
  onboarding: (signal?: AbortSignal) => api.call(BotRentalsEndpoints.botOnboarding, { signal }),
  quote: (body: TRentalQuoteRequest, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.botRentalQuote, { body, handled }),
  rent: (body: TRentRequest, key: string, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.postBotRentals, { body, idempotencyKey: key, handled }),
  topUp: (id: string, body: TTopUpRequest, key: string, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.botRentalTopUp, { params: { id }, body, idempotencyKey: key, handled }),
  renew: (id: string, body: TRenewRequest, key: string, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.botRentalRenew, { params: { id }, body, idempotencyKey: key, handled }),
};

export const adminPackagesApi = {
  list: (signal?: AbortSignal) => api.call(BotRentalsEndpoints.adminBotPackages, { signal }),
  create: (body: TBotPackageInput, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.postAdminBotPackages, { body, handled }),
  update: (id: string, body: TBotPackageInput, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.putAdminBotPackage, { params: { id }, body, handled }),
  remove: (id: string, handled: readonly string[]) =>
    api.call(BotRentalsEndpoints.deleteAdminBotPackage, { params: { id }, handled }),
};
