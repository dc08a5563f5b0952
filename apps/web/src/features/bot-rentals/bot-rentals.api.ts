import {
  Endpoints,
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
  packages: (signal?: AbortSignal) => api.call(Endpoints.botRentals.botPackages, { signal }),
  mine: (signal?: AbortSignal) => api.call(Endpoints.botRentals.botRentals, { signal }),
  purchases: (page: number, pageSize: number) =>
    api.call(Endpoints.botRentals.botRentalPurchases, { query: { page, pageSize } }),
  onboarding: (signal?: AbortSignal) => api.call(Endpoints.botRentals.botOnboarding, { signal }),
  quote: (body: TRentalQuoteRequest, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.botRentalQuote, { body, handled }),
  rent: (body: TRentRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.postBotRentals, { body, idempotencyKey: key, handled }),
  topUp: (id: string, body: TTopUpRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.botRentalTopUp, { params: { id }, body, idempotencyKey: key, handled }),
  renew: (id: string, body: TRenewRequest, key: string, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.botRentalRenew, { params: { id }, body, idempotencyKey: key, handled }),
};

export const adminPackagesApi = {
  list: (signal?: AbortSignal) => api.call(Endpoints.botRentals.adminBotPackages, { signal }),
  create: (body: TBotPackageInput, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.postAdminBotPackages, { body, handled }),
  update: (id: string, body: TBotPackageInput, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.putAdminBotPackage, { params: { id }, body, handled }),
  remove: (id: string, handled: readonly string[]) =>
    api.call(Endpoints.botRentals.deleteAdminBotPackage, { params: { id }, handled }),
};
