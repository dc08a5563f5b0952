import type { TWallet } from '@app/contracts';
import type { useTranslation } from 'react-i18next';
import { answerAmount, minorOf, minorText } from '../../shared/amounts';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import type { PurchaseKind } from './purchase-options';

/** The server's quote for a purchase, in its currency's major units. */
export interface PurchaseQuote {
  price: string;
  discount: string;
  pay: string;
  currency: string;
}

/** What the paying wallet holds in a currency now (undefined while unknown), and its decimals. */
export interface WalletFigures {
  available: string | undefined;
  decimals: number;
}

/**
 * A purchase receipt's lines: the product's own (`lead`), the price, the voucher's discount, what is paid,
 * the wallet, the product's `extra` lines and the wallet's balance after (when it is known). A purchase in
 * several currencies at once (a cart) passes one quote per currency: each gets its own price, discount,
 * pay and balance lines, their ids suffixed with the currency.
 */
export function paymentRows(
  t: ReturnType<typeof useTranslation>['t'],
  texts: PurchaseKind['texts'],
  p: {
    quote: PurchaseQuote | readonly PurchaseQuote[];
    wallet: TWallet;
    figures: (currency: string) => WalletFigures;
    lead: ReceiptRow[];
    extra: ReceiptRow[];
  },
): ReceiptRow[] {
  const quotes: readonly PurchaseQuote[] = Array.isArray(p.quote) ? p.quote : [p.quote as PurchaseQuote];
  const idOf = (id: string, quote: PurchaseQuote) => (quotes.length > 1 ? `${id}-${quote.currency}` : id);
  const money = (text: string, quote: PurchaseQuote) => `${answerAmount(text)} ${quote.currency}`;
  const amounts = quotes.flatMap((quote): ReceiptRow[] => [
    { id: idOf('price', quote), label: t(`${texts}.receipt.price`), value: money(quote.price, quote) },
    {
      id: idOf('discount', quote),
      label: t(`${texts}.receipt.discount`),
      value: `-${money(quote.discount, quote)}`,
    },
    {
      id: idOf('pay', quote),
      label: t(`${texts}.receipt.pay`),
      value: money(quote.pay, quote),
      strong: true,
    },
  ]);
  const balances = quotes.flatMap((quote): ReceiptRow[] => {
    const { available, decimals } = p.figures(quote.currency);
    const balance = available === undefined ? null : minorOf(available, decimals);
    if (balance === null) return [];
    const pay = minorOf(quote.pay, decimals) ?? 0n;
    return [
      {
        id: idOf('balance', quote),
        label: t(`${texts}.receipt.balanceAfter`),
        value: `${minorText(balance - pay, decimals)} ${quote.currency}`,
      },
    ];
  });
  return [
    ...p.lead,
    ...amounts,
    { id: 'wallet', label: t(`${texts}.receipt.wallet`), value: t(`wallet.wallets.${p.wallet}`) },
    ...p.extra,
    ...balances,
  ];
}
