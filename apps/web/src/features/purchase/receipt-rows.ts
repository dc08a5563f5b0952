import type { TWallet } from '@app/contracts';
import type { useTranslation } from 'react-i18next';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { answerAmount, minorOf, minorText } from '../wallet/amounts';
import type { PurchaseKind } from './purchase-options';

/** The server's quote for a purchase, in its currency's major units. */
export interface PurchaseQuote {
  price: string;
  discount: string;
  pay: string;
  currency: string;
}

/**
 * A purchase receipt's lines: the product's own (`lead`), the price, the voucher's discount, what is paid,
 * the wallet, the product's `extra` lines and the wallet's balance after (when it is known).
 */
export function paymentRows(
  t: ReturnType<typeof useTranslation>['t'],
  texts: PurchaseKind['texts'],
  p: {
    quote: PurchaseQuote;
    wallet: TWallet;
    /** What the wallet holds now, or undefined while unknown. */
    available: string | undefined;
    decimals: number;
    lead: ReceiptRow[];
    extra: ReceiptRow[];
  },
): ReceiptRow[] {
  const { quote, decimals } = p;
  const money = (text: string) => `${answerAmount(text)} ${quote.currency}`;
  const pay = minorOf(quote.pay, decimals) ?? 0n;
  const balance = p.available === undefined ? null : minorOf(p.available, decimals);
  return [
    ...p.lead,
    { id: 'price', label: t(`${texts}.receipt.price`), value: money(quote.price) },
    { id: 'discount', label: t(`${texts}.receipt.discount`), value: `-${money(quote.discount)}` },
    { id: 'pay', label: t(`${texts}.receipt.pay`), value: money(quote.pay), strong: true },
    { id: 'wallet', label: t(`${texts}.receipt.wallet`), value: t(`wallet.wallets.${p.wallet}`) },
    ...p.extra,
    ...(balance === null
      ? []
      : [
          {
            id: 'balance',
            label: t(`${texts}.receipt.balanceAfter`),
            value: `${minorText(balance - pay, decimals)} ${quote.currency}`,
          },
        ]),
  ];
}
