import { createHash } from 'node:crypto';

export type ExchangeId = 'binance' | 'bybit' | 'gate' | 'paper';

/**
 * The client order id of an order the platform places, derived from what the order is for (a bot, its
 * cycle, the step in it), never random: after a crash, the retry sends the same id, and the exchange refuses
 * the duplicate or returns the first order instead of placing a second one.
 *
 * Each exchange has its own rule: Binance `newClientOrderId` and Bybit `orderLinkId` take up to 36 of
 * [A-Za-z0-9._:/-]; Gate's `text` must start with `t-` and be at most 30 characters in all.
 */
export function clientOrderId(exchange: ExchangeId, purpose: readonly (string | number)[]): string {
  if (purpose.length === 0) throw new Error('clientOrderId needs what the order is for');
  const digest = createHash('sha256').update(purpose.map(String).join('\u001f')).digest('base64url');
  // base64url is [A-Za-z0-9_-]: inside every exchange's alphabet. 24 characters carry 144 bits.
  const body = digest.replaceAll('-', '').replaceAll('_', '').slice(0, 24);
  return exchange === 'gate' ? `t-${body}` : `np${body}`;
}
