import { needsPassphrase, ZApiKey, ZKeyExchange } from '@app/contracts';
import { z } from 'zod';

/**
 * An exchange API key as typed: exchange, API key, secret and passphrase (where the exchange has one). The
 * member's key binding and the admin's sub-account assignment both take it; the secret is sealed on submit.
 */
export const ZKeyFields = z.object({
  exchange: ZKeyExchange,
  apiKey: ZApiKey,
  secret: z.string().trim().min(1, { message: 'REQUIRED' }).max(512),
  passphrase: z.string().max(256),
});

/** The passphrase is required exactly where the exchange has one. */
export function withPassphraseRule<S extends z.ZodType<z.infer<typeof ZKeyFields>>>(schema: S) {
  return schema.refine((form) => !needsPassphrase(form.exchange) || form.passphrase.trim() !== '', {
    path: ['passphrase'],
    message: 'REQUIRED',
  });
}
