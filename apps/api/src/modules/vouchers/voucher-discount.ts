import { percentOf } from '@app/money';

/**
 * What a voucher takes off a price, in minor units: the rate of the price rounded DOWN (a voucher never
 * takes more than its rate says: 10% of 0.000015 USDT is 0.000001, not 0.000002), then capped, and never
 * more than the price itself.
 */
export function voucherDiscount(
  priceMinor: bigint,
  discountBps: number,
  maxDiscountMinor: bigint | null,
): bigint {
  if (priceMinor < 0n) throw new RangeError('price must not be negative');
  const byRate = percentOf(priceMinor, discountBps, 'down');
  const capped = maxDiscountMinor !== null && byRate > maxDiscountMinor ? maxDiscountMinor : byRate;
  return capped > priceMinor ? priceMinor : capped;
}
