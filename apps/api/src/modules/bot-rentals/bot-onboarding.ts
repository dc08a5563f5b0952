import { KeyExchanges, type TBotOnboarding, type TKeyExchange, type TTradingExchange } from '@app/contracts';
import type { Db } from '../../db/database';
import { activeRentalsOf } from './active-rentals';

/** What the onboarding check needs of KYC (`kyc.isApproved`) and of the exchange keys. */
export interface OnboardingDeps {
  db: Db;
  kyc: { isApproved(memberId: string): Promise<boolean> };
  keys: { isKeyUsable(memberId: string, exchange: TKeyExchange): Promise<boolean> };
  /** Whether the platform has (or, in paper mode, makes) an account for the member's managed bots there. */
  managed: { isUsable(memberId: string, exchange: TTradingExchange): Promise<boolean> };
}

const isKeyExchange = (e: string): e is TKeyExchange => (KeyExchanges as readonly string[]).includes(e);

/**
 * CheckStep / checkbot: which step the member still has to take before configuring a bot. The order is
 * KYC, a rental, then an exchange key, because the rental decides whether a key is needed at all: a
 * managed rental trades an account of the platform's (ready when the platform has one for the member on
 * an exchange the rental allows), and a package that allows the paper exchange can start there without
 * one. Otherwise a usable (bound, not suspended) key on an exchange an active rental allows is needed.
 */
export function createBotOnboarding(deps: OnboardingDeps) {
  return {
    async check(memberId: string): Promise<TBotOnboarding> {
      const [kycApproved, rentals] = await Promise.all([
        deps.kyc.isApproved(memberId),
        activeRentalsOf(deps.db, memberId),
      ]);
      const own = rentals.filter((r) => r.mode === 'own_key');
      const needsNoKey = own.some((r) => r.exchanges.includes('paper'));
      const keyExchanges = [...new Set(own.flatMap((r) => r.exchanges.filter(isKeyExchange)))];
      const managedExchanges = [
        ...new Set(rentals.filter((r) => r.mode === 'managed').flatMap((r) => r.exchanges)),
      ];
      const usable = await Promise.all([
        ...keyExchanges.map((e) => deps.keys.isKeyUsable(memberId, e)),
        ...managedExchanges.map((e) => deps.managed.isUsable(memberId, e)),
      ]);
      const hasActiveRental = rentals.length > 0;
      const exchangeReady = hasActiveRental && (needsNoKey || usable.some(Boolean));
      const next = !kycApproved
        ? 'kyc'
        : !hasActiveRental
          ? 'rental'
          : !exchangeReady
            ? 'exchange_key'
            : null;
      return { kycApproved, hasActiveRental, exchangeReady, next };
    },
  };
}

export type BotOnboarding = ReturnType<typeof createBotOnboarding>;
