import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zSerialId } from './common';
import { ZSealed } from './crypto';
import { ZTranslations, zTranslations } from './localized';
import { ZMarketType } from './markets';
import { ZTradingExchange } from './trading';
import { ZVoucherId } from './vouchers';
import { ZAmountText, ZCurrencyCode, ZDecimal, ZWallet } from './wallet';

/**
 * Bot packages and rentals (Trade/tradepackage, investsave, investsavecompany, topupsave, topupsavecompany,
 * getmytrade, renewsave, Member/memberSales). A member rents a package for its duration and capital limit,
 * paying from a wallet; a top-up raises the capital limit by whole units at the package's unit price; a
 * renewal adds the package's duration again at its current price.
 */

/**
 * How the rented bots trade: on the member's own exchange account through their API key (investsave), or
 * on an account the platform manages for the member (our reading of investsavecompany).
 */
export const RentalModes = ['own_key', 'managed'] as const;
export const ZRentalMode = z.enum(RentalModes);
export type TRentalMode = z.infer<typeof ZRentalMode>;

/** The wallets a rental may be paid from. */
export const RentalPayWallets = ['funds', 'deposit'] as const;

export const ZBotPackageId = zSerialId('BOT_PACKAGE_NOT_FOUND');
export const ZBotRentalId = zSerialId('BOT_RENTAL_NOT_FOUND');

export const ZBotPackage = z.object({
  id: z.string(),
  /** In the member's language, English where that one was not written (decisions 65, 74). */
  name: z.string(),
  price: ZDecimal,
  currency: z.string(),
  durationDays: z.number().int(),
  capitalLimit: ZDecimal,
  /** A top-up adds whole units of `topUpUnit` capital, each for `topUpUnitPrice`; null: no top-up. */
  topUpUnit: ZDecimal.nullable(),
  topUpUnitPrice: ZDecimal.nullable(),
  exchanges: z.array(ZTradingExchange),
  marketTypes: z.array(ZMarketType),
  onSale: z.boolean(),
  sort: z.number().int(),
});
export type TBotPackage = z.infer<typeof ZBotPackage>;

export const ZBotPackages = z.object({ items: z.array(ZBotPackage) });
export type TBotPackages = z.infer<typeof ZBotPackages>;

/** What admins read: `name` in English, and the other languages written. */
export const ZAdminBotPackage = ZBotPackage.extend({ nameTranslations: ZTranslations });
export type TAdminBotPackage = z.infer<typeof ZAdminBotPackage>;
export const ZAdminBotPackages = z.object({ items: z.array(ZAdminBotPackage) });
export type TAdminBotPackages = z.infer<typeof ZAdminBotPackages>;

export const ZBotRental = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  currency: z.string(),
  capitalLimit: ZDecimal,
  mode: ZRentalMode,
  exchanges: z.array(ZTradingExchange),
  marketTypes: z.array(ZMarketType),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  active: z.boolean(),
  /** Whole days until it ends, rounded up; 0 once ended. */
  daysLeft: z.number().int(),
  /** What a renewal costs now (the package's price) and adds. */
  renewPrice: ZDecimal,
  renewDays: z.number().int(),
  topUpUnit: ZDecimal.nullable(),
  topUpUnitPrice: ZDecimal.nullable(),
});
export type TBotRental = z.infer<typeof ZBotRental>;

export const ZBotRentals = z.object({ items: z.array(ZBotRental) });
export type TBotRentals = z.infer<typeof ZBotRentals>;

export const RentalPurchaseKinds = ['rent', 'topup', 'renew'] as const;
export const ZRentalPurchaseKind = z.enum(RentalPurchaseKinds);
export type TRentalPurchaseKind = z.infer<typeof ZRentalPurchaseKind>;

/** One payment for a rental: a line of the member's sales history. */
export const ZRentalPurchase = z.object({
  id: z.string(),
  rentalId: z.string(),
  packageName: z.string(),
  kind: ZRentalPurchaseKind,
  currency: z.string(),
  wallet: ZWallet,
  price: ZDecimal,
  discount: ZDecimal,
  paid: ZDecimal,
  voucherCode: z.string().nullable(),
  capitalAdded: ZDecimal,
  daysAdded: z.number().int(),
  createdAt: ZTimestamp,
});
export type TRentalPurchase = z.infer<typeof ZRentalPurchase>;

export const ZRentalPurchasesQuery = ZPageQuery;

/** The top-up units a member may buy at once. */
export const TopUpMaxUnits = 1000;
export const ZTopUpUnits = z
  .number()
  .int({ message: 'TOPUP_UNITS_INVALID' })
  .min(1, { message: 'TOPUP_UNITS_INVALID' })
  .max(TopUpMaxUnits, { message: 'TOPUP_UNITS_INVALID' });

const purchaseCommon = {
  wallet: ZWallet,
  voucherId: ZVoucherId.optional(),
  /** The member agreed to the user service agreement (spec section 5); false is refused. */
  agreed: z.boolean(),
};

/** What a purchase would cost, before the transaction password is asked: nothing changes. */
export const ZRentalQuoteRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rent'), packageId: ZBotPackageId, voucherId: ZVoucherId.optional() }),
  z.object({
    kind: z.literal('topup'),
    rentalId: ZBotRentalId,
    units: ZTopUpUnits,
    voucherId: ZVoucherId.optional(),
  }),
  z.object({ kind: z.literal('renew'), rentalId: ZBotRentalId, voucherId: ZVoucherId.optional() }),
]);
export type TRentalQuoteRequest = z.infer<typeof ZRentalQuoteRequest>;

export const ZRentalQuote = z.object({
  currency: z.string(),
  price: ZDecimal,
  discount: ZDecimal,
  pay: ZDecimal,
});
export type TRentalQuote = z.infer<typeof ZRentalQuote>;

export const ZRentRequest = z.object({
  ...purchaseCommon,
  packageId: ZBotPackageId,
  mode: ZRentalMode,
  password: ZSealed,
});
export type TRentRequest = z.infer<typeof ZRentRequest>;

export const ZTopUpRequest = z.object({ ...purchaseCommon, units: ZTopUpUnits, password: ZSealed });
export type TTopUpRequest = z.infer<typeof ZTopUpRequest>;

export const ZRenewRequest = z.object({ ...purchaseCommon, password: ZSealed });
export type TRenewRequest = z.infer<typeof ZRenewRequest>;

/** The receipt of a purchase: the rental as it is now, what was paid, and the wallet's balance after. */
export const ZRentalReceipt = z.object({
  rental: ZBotRental,
  purchase: ZRentalPurchase,
  balanceAfter: ZDecimal,
});
export type TRentalReceipt = z.infer<typeof ZRentalReceipt>;

/** An admin defines a package. Amounts are decimal strings in the package's currency. */
const ZPackageName = z.string().trim().max(60, { message: 'BOT_PACKAGE_NAME_INVALID' });

export const ZBotPackageInput = z
  .object({
    /** The English name, shown where a member's language has none. */
    name: ZPackageName.min(1, { message: 'BOT_PACKAGE_NAME_INVALID' }),
    /** The name in the other languages; an empty one is left out. */
    nameTranslations: zTranslations(ZPackageName),
    price: ZAmountText,
    currency: ZCurrencyCode,
    durationDays: z
      .number()
      .int({ message: 'BOT_PACKAGE_DURATION_INVALID' })
      .min(1, { message: 'BOT_PACKAGE_DURATION_INVALID' })
      .max(3650, { message: 'BOT_PACKAGE_DURATION_INVALID' }),
    capitalLimit: ZAmountText,
    topUpUnit: ZAmountText.nullable(),
    topUpUnitPrice: ZAmountText.nullable(),
    exchanges: z.array(ZTradingExchange).min(1, { message: 'BOT_PACKAGE_EXCHANGES_REQUIRED' }),
    marketTypes: z.array(ZMarketType).min(1, { message: 'BOT_PACKAGE_MARKET_TYPES_REQUIRED' }),
    onSale: z.boolean(),
    sort: z.number().int().min(-1000).max(1000),
  })
  // Top-up is on with both its unit and the unit's price, or off with neither.
  .refine((v) => (v.topUpUnit === null) === (v.topUpUnitPrice === null), {
    message: 'BOT_PACKAGE_TOPUP_INCOMPLETE',
    path: ['topUpUnitPrice'],
  });
export type TBotPackageInput = z.infer<typeof ZBotPackageInput>;

/** The step of the Trade tab's onboarding (CheckStep, checkbot) a member still has to take. */
export const OnboardingSteps = ['kyc', 'rental', 'exchange_key'] as const;
export const ZOnboardingStep = z.enum(OnboardingSteps);
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZBotOnboarding = z.object({
  kycApproved: z.boolean(),
  hasActiveRental: z.boolean(),
  /** A usable key on an exchange an active rental allows, or no key needed (managed or paper). */
  exchangeReady: z.boolean(),
  /** The first step not taken yet, in the order above; null: ready to configure a bot. */
  next: ZOnboardingStep.nullable(),
});
export type TBotOnboarding = z.infer<typeof ZBotOnboarding>;
