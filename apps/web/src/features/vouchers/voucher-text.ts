import type { TVoucher } from '@app/contracts';
import type { TFunction } from 'i18next';
import { answerAmount, percentText } from '../../shared/amounts';

/** "15% off", "50% off, at most 20 USDT", "10% off, USDT only": what a voucher does, in a few words. */
export function voucherLabel(
  t: TFunction,
  v: Pick<TVoucher, 'discountBps' | 'maxDiscount' | 'currency'>,
): string {
  const off = t('rentals.vouchers.off', { percent: percentText(v.discountBps) });
  if (v.maxDiscount !== null && v.currency !== null) {
    return t('rentals.vouchers.offCapped', { off, cap: answerAmount(v.maxDiscount), currency: v.currency });
  }
  if (v.currency !== null) return t('rentals.vouchers.offIn', { off, currency: v.currency });
  return off;
}
