import { z } from 'zod';
import { ZMemberRef } from './auth';
import { ZPageQuery, ZTimestamp, zSerialId } from './common';
import { ZAmountText, ZCurrencyCode, ZDecimal } from './wallet';

/**
 * Vouchers (Member/getVouchers): a discount on one purchase, given by an admin to a member. Available until
 * used or expired; used once, in the purchase's own transaction. A voucher may be limited to one currency
 * and its discount may have a cap (in that currency).
 */
export const VoucherStates = ['available', 'used', 'expired'] as const;
export const ZVoucherState = z.enum(VoucherStates);
export type TVoucherState = z.infer<typeof ZVoucherState>;

/** The largest discount rate: 100% in basis points (a voucher that pays the whole price). */
export const VoucherMaxDiscountBps = 10_000;
/** How long an issued voucher may stay valid at most. */
export const VoucherMaxValidDays = 3650;

export const ZVoucherId = zSerialId('VOUCHER_NOT_FOUND');

export const ZVoucher = z.object({
  id: z.string(),
  code: z.string(),
  /** 1000 = 10% off */
  discountBps: z.number().int(),
  /** The most it takes off, in `currency`; null: no cap. */
  maxDiscount: ZDecimal.nullable(),
  /** The only currency it applies to; null: any. */
  currency: z.string().nullable(),
  expiresAt: ZTimestamp,
  usedAt: ZTimestamp.nullable(),
  /** The purchase it paid part of (`bot_rental_purchase:<id>`). */
  usedFor: z.string().nullable(),
  state: ZVoucherState,
  createdAt: ZTimestamp,
});
export type TVoucher = z.infer<typeof ZVoucher>;

export const ZVouchersQuery = ZPageQuery.extend({ state: ZVoucherState.default('available') });
export type TVouchersQuery = z.infer<typeof ZVouchersQuery>;

/** An admin gives the same voucher to one or several members: each gets a voucher (and code) of their own. */
export const ZIssueVouchers = z
  .object({
    usernames: z.array(ZMemberRef).min(1).max(200),
    discountBps: z
      .number()
      .int({ message: 'VOUCHER_DISCOUNT_INVALID' })
      .min(1, { message: 'VOUCHER_DISCOUNT_INVALID' })
      .max(VoucherMaxDiscountBps, { message: 'VOUCHER_DISCOUNT_INVALID' }),
    currency: ZCurrencyCode.optional(),
    maxDiscount: ZAmountText.optional(),
    validDays: z
      .number()
      .int({ message: 'VOUCHER_VALIDITY_INVALID' })
      .min(1, { message: 'VOUCHER_VALIDITY_INVALID' })
      .max(VoucherMaxValidDays, { message: 'VOUCHER_VALIDITY_INVALID' }),
  })
  // A cap is an amount, and an amount has a currency.
  .refine((v) => v.maxDiscount === undefined || v.currency !== undefined, {
    message: 'VOUCHER_CAP_NEEDS_CURRENCY',
    path: ['currency'],
  });
export type TIssueVouchers = z.infer<typeof ZIssueVouchers>;

export const ZAdminVoucher = ZVoucher.extend({ username: z.string(), issuedBy: z.string().nullable() });
export type TAdminVoucher = z.infer<typeof ZAdminVoucher>;

export const ZIssueVouchersResult = z.object({ items: z.array(ZAdminVoucher) });
export type TIssueVouchersResult = z.infer<typeof ZIssueVouchersResult>;

export const ZAdminVouchersQuery = ZPageQuery.extend({
  state: ZVoucherState.optional(),
  username: ZMemberRef.optional(),
});
export type TAdminVouchersQuery = z.infer<typeof ZAdminVouchersQuery>;
