import { parseAmount } from '@app/money';
import type { z } from 'zod';
import { amountIssue } from './admin-format';

interface Values {
  currency: string;
  amount: string;
  network?: string;
}

interface AmountRule<T extends Values> {
  decimalsOf: (currency: string) => number | undefined;
  /** The least amount accepted for these values (a deposit channel's minimum) and its error code. */
  minimum?: { of: (values: T) => string | undefined; code: string };
}

/**
 * Adds the amount rules the server applies (parseAmount with the currency's decimals, and a minimum) to a
 * form schema, so a wrong amount is shown at its field before anything is sent.
 */
export function withAmountRule<S extends z.ZodType<Values, Values>>(
  schema: S,
  rule: AmountRule<z.output<S>>,
): S {
  return schema.superRefine((values: z.output<S>, ctx) => {
    const decimals = rule.decimalsOf(values.currency);
    const issue = amountIssue(values.amount, decimals);
    if (issue) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: issue });
      return;
    }
    const minimum = rule.minimum?.of(values);
    if (!rule.minimum || minimum === undefined || decimals === undefined) return;
    const min = parseAmount(minimum, decimals);
    const amount = parseAmount(values.amount, decimals);
    if (min.ok && amount.ok && amount.value < min.value)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: rule.minimum.code });
  });
}

/** The server's amount codes: all of them belong at the amount field. */
export const amountPlaces = {
  AMOUNT_INVALID: 'amount',
  AMOUNT_TOO_PRECISE: 'amount',
  AMOUNT_NOT_POSITIVE: 'amount',
  AMOUNT_TOO_LARGE: 'amount',
} as const;
