import { z } from 'zod';
import { ZMemberRef } from './auth';
import { ZPageQuery, ZTimestamp, zSerialId } from './common';
import { ZSealed } from './crypto';
import { ZLocalizedText, ZTranslations, zOptionalLocalizedText, zTranslations } from './localized';
import { ZVoucherId } from './vouchers';
import { ZAmountText, ZCurrencyCode, ZDecimal, ZWallet } from './wallet';

/**
 * Cloud mining (Main/cmsPackages, Mining/packageSubMenu, allPackages, getinfob, ginfo, ActivatePreview,
 * Asset/BuyProductPreview, BuyProductSave, Inventory/*, Member/memberSales, Lastestsales). A member buys
 * units of a package, activating them at once or keeping them in stock; stock can be passed to another
 * member or activated later. An active subscription is paid its yield in the mined coin every day.
 * Hash rates are whole GH/s.
 */

const id = (code: string) => zSerialId(code);
export const ZMiningPackageId = id('MINING_PACKAGE_NOT_FOUND');
export const ZMiningCategoryId = id('MINING_CATEGORY_NOT_FOUND');

/** The wallets a mining purchase may be paid from. */
export const MiningPayWallets = ['funds', 'deposit'] as const;
/** Mined coins are paid into this wallet. */
export const MiningPayoutWallet = 'funds' as const;

/**
 * 'fixed': an amount per GH/s per day stored on the package; 'daily': an admin sets the amount per GH/s for
 * each day; 'network': computed from the mined coin's network difficulty and block reward (see
 * `networkYieldMinor` in the API's mining module for the formula and its rounding).
 */
export const YieldRules = ['fixed', 'daily', 'network'] as const;
export const ZYieldRule = z.enum(YieldRules);
export type TYieldRule = z.infer<typeof ZYieldRule>;

/** The units one purchase, transfer or activation may move. */
export const MiningMaxUnits = 100;
export const ZMiningUnits = z
  .number()
  .int({ message: 'MINING_UNITS_INVALID' })
  .min(1, { message: 'MINING_UNITS_INVALID' })
  .max(MiningMaxUnits, { message: 'MINING_UNITS_INVALID' });

/** A calendar day, UTC. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'MINING_DAY_INVALID' });

export const ZMiningCategory = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
export type TMiningCategory = z.infer<typeof ZMiningCategory>;
export const ZMiningCategories = z.object({ items: z.array(ZMiningCategory) });

export const ZMiningPackage = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  /** In the member's language, English where that one was not written (decision 65). */
  name: z.string(),
  /** Plain text in the member's language, English where missing; '' when none was written. */
  description: z.string(),
  pictureUploadId: z.string().nullable(),
  price: ZDecimal,
  currency: z.string(),
  hashRateGhs: z.string(),
  durationDays: z.number().int(),
  minedCurrency: z.string(),
  yieldRule: ZYieldRule,
  /** 'fixed': the mined coin per GH/s per day; null for 'daily' and 'network'. */
  yieldPerUnit: ZDecimal.nullable(),
  /** The most units one member may buy of it, over all their purchases; null: no limit. */
  perMemberLimit: z.number().int().nullable(),
  onSale: z.boolean(),
  sort: z.number().int(),
});
export type TMiningPackage = z.infer<typeof ZMiningPackage>;
export const ZMiningPackages = z.object({ items: z.array(ZMiningPackage) });
export type TMiningPackages = z.infer<typeof ZMiningPackages>;

/** What admins read: `name` and `description` in English, plus every language written. */
export const ZAdminMiningPackage = ZMiningPackage.extend({
  /** The other languages of the name; English is `name` itself (decision 65). */
  nameTranslations: ZTranslations,
  descriptions: ZLocalizedText,
});
export type TAdminMiningPackage = z.infer<typeof ZAdminMiningPackage>;
export const ZAdminMiningPackages = z.object({ items: z.array(ZAdminMiningPackage) });
export const ZMiningPackagesQuery = z.object({ categoryId: ZMiningCategoryId.optional() });

export const MiningPlacements = ['activate', 'stock'] as const;
export const ZMiningPlacement = z.enum(MiningPlacements);
export type TMiningPlacement = z.infer<typeof ZMiningPlacement>;

export const ZMiningQuoteRequest = z.object({
  packageId: ZMiningPackageId,
  units: ZMiningUnits,
  voucherId: ZVoucherId.optional(),
});
export type TMiningQuoteRequest = z.infer<typeof ZMiningQuoteRequest>;

/** BuyProductPreview: what the purchase would cost; nothing changes. */
export const ZMiningQuote = z.object({
  currency: z.string(),
  price: ZDecimal,
  discount: ZDecimal,
  pay: ZDecimal,
  /** A mining purchase needs approved KYC (spec section 5). */
  kycApproved: z.boolean(),
});
export type TMiningQuote = z.infer<typeof ZMiningQuote>;

export const ZMiningBuyRequest = z.object({
  packageId: ZMiningPackageId,
  units: ZMiningUnits,
  placement: ZMiningPlacement,
  wallet: ZWallet,
  voucherId: ZVoucherId.optional(),
  /** The member agreed to the user service agreement; false is refused. */
  agreed: z.boolean(),
  password: ZSealed,
  /** Bought from the member's cart: the package leaves the cart in the purchase's own transaction. */
  fromCart: z.boolean().optional(),
});
export type TMiningBuyRequest = z.infer<typeof ZMiningBuyRequest>;

export const ZMiningPurchase = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  units: z.number().int(),
  placement: ZMiningPlacement,
  currency: z.string(),
  wallet: ZWallet,
  price: ZDecimal,
  discount: ZDecimal,
  paid: ZDecimal,
  createdAt: ZTimestamp,
});
export type TMiningPurchase = z.infer<typeof ZMiningPurchase>;

export const ZMiningReceipt = z.object({ purchase: ZMiningPurchase, balanceAfter: ZDecimal });
export type TMiningReceipt = z.infer<typeof ZMiningReceipt>;

export const ZMiningPurchasesQuery = ZPageQuery;

/** Lastestsales: a purchase on the platform, with the buyer's name masked. */
export const ZLatestSale = z.object({
  maskedName: z.string(),
  packageName: z.string(),
  units: z.number().int(),
  createdAt: ZTimestamp,
});
export const ZLatestSales = z.object({ items: z.array(ZLatestSale) });
export type TLatestSale = z.infer<typeof ZLatestSale>;

export const ZStockItem = z.object({
  packageId: z.string(),
  packageName: z.string(),
  hashRateGhs: z.string(),
  durationDays: z.number().int(),
  count: z.number().int(),
});
export type TStockItem = z.infer<typeof ZStockItem>;
export const ZStock = z.object({ items: z.array(ZStockItem) });
export type TStock = z.infer<typeof ZStock>;

export const StockReasons = ['purchase', 'transfer_in', 'transfer_out', 'activation'] as const;
export const ZStockMovement = z.object({
  id: z.string(),
  packageName: z.string(),
  delta: z.number().int(),
  reason: z.enum(StockReasons),
  counterpart: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TStockMovement = z.infer<typeof ZStockMovement>;
export const ZStockMovementsQuery = ZPageQuery;

export const ZStockTransferRequest = z.object({
  packageId: ZMiningPackageId,
  /** The recipient's username, confirmed by the sender through its masked name first. */
  to: ZMemberRef,
  units: ZMiningUnits,
  password: ZSealed,
});
export type TStockTransferRequest = z.infer<typeof ZStockTransferRequest>;

export const ZActivateRequest = z.object({ packageId: ZMiningPackageId, units: ZMiningUnits });
export type TActivateRequest = z.infer<typeof ZActivateRequest>;

export const ZSubscription = z.object({
  id: z.string(),
  packageName: z.string(),
  units: z.number().int(),
  hashRateGhs: z.string(),
  minedCurrency: z.string(),
  startsOn: ZDay,
  endsOn: ZDay,
  status: z.enum(['active', 'ended']),
  earned: ZDecimal,
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZEarning = z.object({ currency: z.string(), yesterday: ZDecimal, total: ZDecimal });

/** getinfob / ginfo: the member's mining and the platform's figures. */
export const ZMiningInfo = z.object({
  hashRateGhs: z.string(),
  earnings: z.array(ZEarning),
  subscriptions: z.array(ZSubscription),
  platformHashRateGhs: z.string(),
});
export type TMiningInfo = z.infer<typeof ZMiningInfo>;

/** The longest package description, per language. */
export const MiningDescriptionMax = 1000;

const ZName = z
  .string()
  .trim()
  .min(1, { message: 'MINING_NAME_INVALID' })
  .max(60, { message: 'MINING_NAME_INVALID' });

export const ZMiningCategoryInput = z.object({ name: ZName, sort: z.number().int().min(-1000).max(1000) });
export type TMiningCategoryInput = z.infer<typeof ZMiningCategoryInput>;

const ZNameTranslation = z.string().trim().max(60, { message: 'MINING_NAME_INVALID' });

export const ZMiningPackageInput = z
  .object({
    categoryId: ZMiningCategoryId.nullable(),
    /** The English name, shown where a member's language has none. */
    name: ZName,
    /** The name in the other languages; an empty one is left out. */
    nameTranslations: zTranslations(ZNameTranslation),
    /** Plain text per language, all optional. */
    description: zOptionalLocalizedText(MiningDescriptionMax).default({ 'en-US': '' }),
    price: ZAmountText,
    currency: ZCurrencyCode,
    hashRateGhs: z
      .number()
      .int({ message: 'MINING_HASH_RATE_INVALID' })
      .min(1, { message: 'MINING_HASH_RATE_INVALID' })
      .max(1_000_000_000, { message: 'MINING_HASH_RATE_INVALID' }),
    durationDays: z
      .number()
      .int({ message: 'MINING_DURATION_INVALID' })
      .min(1, { message: 'MINING_DURATION_INVALID' })
      .max(3650, { message: 'MINING_DURATION_INVALID' }),
    minedCurrency: ZCurrencyCode,
    yieldRule: ZYieldRule,
    yieldPerUnit: ZAmountText.nullable(),
    perMemberLimit: z.number().int().min(1, { message: 'MINING_LIMIT_INVALID' }).nullable(),
    onSale: z.boolean(),
    sort: z.number().int().min(-1000).max(1000),
    /** An upload of purpose 'mining_package' the admin made; null: no picture (the cards show a placeholder). */
    pictureUploadId: z.uuid({ message: 'UPLOAD_NOT_FOUND' }).nullable(),
  })
  // A fixed rule needs its amount; a daily rule takes its amounts per day.
  .refine((v) => (v.yieldRule === 'fixed') === (v.yieldPerUnit !== null), {
    message: 'MINING_YIELD_RULE_INCOMPLETE',
    path: ['yieldPerUnit'],
  });
export type TMiningPackageInput = z.infer<typeof ZMiningPackageInput>;

/** An admin sets a 'daily' package's yield per GH/s for one day. */
export const ZDailyRateInput = z.object({ day: ZDay, perUnit: ZAmountText });
export type TDailyRateInput = z.infer<typeof ZDailyRateInput>;
export const ZDailyRate = z.object({ day: ZDay, perUnit: ZDecimal });
export const ZDailyRates = z.object({ items: z.array(ZDailyRate) });
export type TDailyRate = z.infer<typeof ZDailyRate>;

/**
 * A coin's network difficulty and block reward from a day on ('network' yield rule). Difficulty is a
 * positive decimal with at most 32 whole digits and 8 decimals; the block reward is in the coin.
 */
export const ZNetworkParamsInput = z.object({
  currency: ZCurrencyCode,
  effectiveFrom: ZDay,
  difficulty: z
    .string()
    .trim()
    .regex(/^(?!0+(\.0+)?$)\d{1,32}(\.\d{1,8})?$/, { message: 'MINING_DIFFICULTY_INVALID' }),
  blockReward: ZAmountText,
});
export type TNetworkParamsInput = z.infer<typeof ZNetworkParamsInput>;
export const ZNetworkParams = z.object({
  id: z.string(),
  currency: z.string(),
  effectiveFrom: ZDay,
  difficulty: ZDecimal,
  blockReward: ZDecimal,
  createdAt: ZTimestamp,
});
export type TNetworkParams = z.infer<typeof ZNetworkParams>;
/** Every row ever set, newest effective date first: the history is kept. */
export const ZNetworkParamsList = z.object({ items: z.array(ZNetworkParams) });

export const ZPayoutRunRequest = z.object({ day: ZDay });
export const ZPayoutRun = z.object({ paid: z.number().int(), days: z.array(ZDay) });
export type TPayoutRun = z.infer<typeof ZPayoutRun>;

export const ZMiningPromotionId = id('MINING_PROMOTION_NOT_FOUND');

/** Member/Promo: an admin's promotion, shown while it runs. */
export const ZMiningPromotion = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  packageId: z.string().nullable(),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
});
export type TMiningPromotion = z.infer<typeof ZMiningPromotion>;
export const ZMiningPromotions = z.object({ items: z.array(ZMiningPromotion) });

export const ZMiningPromotionInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'MINING_PROMOTION_TEXT_INVALID' })
      .max(80, { message: 'MINING_PROMOTION_TEXT_INVALID' }),
    body: z
      .string()
      .trim()
      .min(1, { message: 'MINING_PROMOTION_TEXT_INVALID' })
      .max(1000, { message: 'MINING_PROMOTION_TEXT_INVALID' }),
    packageId: ZMiningPackageId.nullable(),
    startsAt: z.iso.datetime({ offset: true, message: 'MINING_PROMOTION_WINDOW_INVALID' }),
    endsAt: z.iso.datetime({ offset: true, message: 'MINING_PROMOTION_WINDOW_INVALID' }),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: 'MINING_PROMOTION_WINDOW_INVALID',
    path: ['endsAt'],
  });
export type TMiningPromotionInput = z.infer<typeof ZMiningPromotionInput>;

/** Member/membercartlist: a package the member put aside, with the units and what they cost now. */
export const ZCartItem = z.object({
  packageId: z.string(),
  packageName: z.string(),
  units: z.number().int(),
  currency: z.string(),
  price: ZDecimal,
  onSale: z.boolean(),
});
export type TCartItem = z.infer<typeof ZCartItem>;
export const ZCart = z.object({ items: z.array(ZCartItem) });
export type TCart = z.infer<typeof ZCart>;
/** Puts a package in the cart with this many units (replacing what was there). */
export const ZCartPut = z.object({ units: ZMiningUnits });

/** The most lines one cart checkout may buy. */
export const MiningCartMaxLines = 20;

/** One line of a cart checkout: a package and its units (each package at most once). */
export const ZCartLine = z.object({ packageId: ZMiningPackageId, units: ZMiningUnits });
export type TCartLine = z.infer<typeof ZCartLine>;
const ZCartLines = z
  .array(ZCartLine)
  .min(1, { message: 'MINING_CART_INVALID' })
  .max(MiningCartMaxLines, { message: 'MINING_CART_INVALID' })
  .refine((lines) => new Set(lines.map((l) => l.packageId)).size === lines.length, {
    message: 'MINING_CART_INVALID',
  });

/**
 * A voucher in a checkout pays part of one line (named by its package): a voucher's rate, cap and currency
 * are those of one price, and a cart may mix currencies.
 */
export const ZCartVoucher = z.object({ voucherId: ZVoucherId, packageId: ZMiningPackageId });

export const ZCartQuoteRequest = z.object({ lines: ZCartLines, voucher: ZCartVoucher.optional() });
export type TCartQuoteRequest = z.infer<typeof ZCartQuoteRequest>;

export const ZCartQuoteLine = z.object({
  packageId: z.string(),
  packageName: z.string(),
  units: z.number().int(),
  currency: z.string(),
  price: ZDecimal,
  discount: ZDecimal,
  pay: ZDecimal,
});
export type TCartQuoteLine = z.infer<typeof ZCartQuoteLine>;
export const ZCartTotal = z.object({
  currency: z.string(),
  price: ZDecimal,
  discount: ZDecimal,
  pay: ZDecimal,
});
export type TCartTotal = z.infer<typeof ZCartTotal>;

/** The checkout's preview: every line, and the totals per currency; nothing changes. */
export const ZCartQuote = z.object({
  lines: z.array(ZCartQuoteLine),
  totals: z.array(ZCartTotal),
  kycApproved: z.boolean(),
});
export type TCartQuote = z.infer<typeof ZCartQuote>;

export const ZCartCheckoutRequest = z.object({
  lines: ZCartLines,
  placement: ZMiningPlacement,
  wallet: ZWallet,
  voucher: ZCartVoucher.optional(),
  agreed: z.boolean(),
  password: ZSealed,
});
export type TCartCheckoutRequest = z.infer<typeof ZCartCheckoutRequest>;

/** Every purchase the checkout made, and the paying wallet's balance after, per currency. */
export const ZCartReceipt = z.object({
  checkoutId: z.string(),
  purchases: z.array(ZMiningPurchase),
  balances: z.array(z.object({ currency: z.string(), balanceAfter: ZDecimal })),
});
export type TCartReceipt = z.infer<typeof ZCartReceipt>;
