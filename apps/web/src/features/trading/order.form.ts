import { ZTradeDecimal } from '@app/contracts';
import { z } from 'zod';

/**
 * What the member types on the order form. The venue, market type and symbol come from the screen; the
 * figures are checked with the contract's own decimal rule (ZTradeDecimal) so the form refuses what the
 * server would. Messages are codes: `trading.form.errors.<code>` where the form words it better, else
 * the server's `errors.<code>`.
 */
export const ZOrderForm = z
  .object({
    side: z.enum(['buy', 'sell']),
    type: z.enum(['market', 'limit']),
    price: z.string(),
    amount: z.string(),
  })
  .superRefine((form, ctx) => {
    const check = (field: 'price' | 'amount', text: string, code: string) => {
      if (!text.trim()) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'REQUIRED' });
        return;
      }
      const parsed = ZTradeDecimal.safeParse(text);
      if (!parsed.success) {
        const reason = parsed.error.issues[0]?.message;
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: reason === 'AMOUNT_NOT_POSITIVE' ? `${code}_NOT_POSITIVE` : `${code}_INVALID`,
        });
      }
    };
    check('amount', form.amount, 'AMOUNT');
    if (form.type === 'limit') check('price', form.price, 'PRICE');
  });
export type TOrderForm = z.infer<typeof ZOrderForm>;
