import { z } from 'zod';
import {
  ZAdminBotPackage,
  ZAdminBotPackages,
  ZBotOnboarding,
  ZBotPackageId,
  ZBotPackageInput,
  ZBotPackages,
  ZBotRental,
  ZBotRentalId,
  ZBotRentals,
  ZRenewRequest,
  ZRentalPurchase,
  ZRentalPurchasesQuery,
  ZRentalQuote,
  ZRentalQuoteRequest,
  ZRentalReceipt,
  ZRentRequest,
  ZTopUpRequest,
} from '../bot-rentals';
import { ZOk, zPage } from '../common';
import { defineEndpoint } from '../endpoint';

const ZRentalParams = z.object({ id: ZBotRentalId });
const ZPackageParams = z.object({ id: ZBotPackageId });

/** The operations registered by apps/api/src/modules/bot-rentals/bot-rentals.routes.ts. */
export const BotRentalsEndpoints = {
  botPackages: defineEndpoint({ method: 'GET', path: '/api/bot-packages', response: ZBotPackages }),
  botRentals: defineEndpoint({ method: 'GET', path: '/api/bot-rentals', response: ZBotRentals }),
  botRentalPurchases: defineEndpoint({
    method: 'GET',
    path: '/api/bot-rentals/purchases',
    query: ZRentalPurchasesQuery,
    response: zPage(ZRentalPurchase),
  }),
  botRental: defineEndpoint({
    method: 'GET',
    path: '/api/bot-rentals/:id',
    params: ZRentalParams,
    response: ZBotRental,
  }),
  botRentalQuote: defineEndpoint({
    method: 'POST',
    path: '/api/bot-rentals/quote',
    body: ZRentalQuoteRequest,
    response: ZRentalQuote,
  }),
  postBotRentals: defineEndpoint({
    method: 'POST',
    path: '/api/bot-rentals',
    body: ZRentRequest,
    response: ZRentalReceipt,
  }),
  botRentalTopUp: defineEndpoint({
    method: 'POST',
    path: '/api/bot-rentals/:id/top-up',
    params: ZRentalParams,
    body: ZTopUpRequest,
    response: ZRentalReceipt,
  }),
  botRentalRenew: defineEndpoint({
    method: 'POST',
    path: '/api/bot-rentals/:id/renew',
    params: ZRentalParams,
    body: ZRenewRequest,
    response: ZRentalReceipt,
  }),
  botOnboarding: defineEndpoint({ method: 'GET', path: '/api/bots/onboarding', response: ZBotOnboarding }),
  adminBotPackages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bot-packages',
    response: ZAdminBotPackages,
  }),
  postAdminBotPackages: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bot-packages',
    body: ZBotPackageInput,
    response: ZAdminBotPackage,
  }),
  putAdminBotPackage: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/bot-packages/:id',
    params: ZPackageParams,
    body: ZBotPackageInput,
    response: ZAdminBotPackage,
  }),
  deleteAdminBotPackage: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/bot-packages/:id',
    params: ZPackageParams,
    response: ZOk,
  }),
};
