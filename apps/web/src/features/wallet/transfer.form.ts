import type { TCurrencyBalances, TTransferRule, TWallet } from '@app/contracts';
import { z } from 'zod';

export type TransferMode = 'transfer' | 'airdrop';

/** What the member fills in; the amount is checked against the coin's decimals and balance on submit. */
export const ZTransferForm = z.object({
  to: z.string().trim().min(1, { message: 'REQUIRED' }).max(64, { message: 'RECIPIENT_NOT_FOUND' }),
  currency: z.string().min(1, { message: 'REQUIRED' }),
  /** `from>to`, one of the enabled rules of the coin. */
  route: z.string().min(1, { message: 'REQUIRED' }),
  amount: z.string().trim().min(1, { message: 'REQUIRED' }),
  memo: z.string().trim().max(140),
});
export type TTransferForm = z.infer<typeof ZTransferForm>;

export interface Route {
  from: TWallet;
  to: TWallet;
}

/** An airdrop always goes from the sender's Funds wallet to the recipient's. */
export const AIRDROP_ROUTE: Route = { from: 'funds', to: 'funds' };

export const routeValue = (route: Route) => `${route.from}>${route.to}`;

export function routeOf(value: string): Route | null {
  const [from, to] = value.split('>');
  return from && to ? { from: from as TWallet, to: to as TWallet } : null;
}

/** The wallet pairs the admin's rules allow for a coin, enabled ones only. */
export function routesFor(rules: readonly TTransferRule[], currency: string): Route[] {
  return rules
    .filter((r) => r.enabled && r.currency === currency)
    .map((r) => ({ from: r.fromWallet, to: r.toWallet }));
}

/**
 * The coins a mode can send: stable coins and coins by transfer, promotional coins by airdrop, each only
 * when a rule allows it (an airdrop needs the Funds to Funds rule).
 */
export function coinsFor(
  mode: TransferMode,
  coins: readonly TCurrencyBalances[],
  rules: readonly TTransferRule[],
): TCurrencyBalances[] {
  return coins.filter((coin) => {
    const routes = routesFor(rules, coin.currency);
    return mode === 'airdrop'
      ? coin.kind === 'promo' && routes.some((r) => routeValue(r) === routeValue(AIRDROP_ROUTE))
      : coin.kind !== 'promo' && routes.length > 0;
  });
}
