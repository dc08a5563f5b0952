import { KeyExchanges, type TBotOnboarding, type TKeyExchange } from '@app/contracts';
import type { Db } from '../../db/database';
import { activeRentalsOf } from './active-rentals';

/** What the onboarding check needs of KYC (`kyc.isApproved`) and of the exchange keys. */
export interface OnboardingDeps {
  db: Db;
  kyc: { isApproved(memberId: string): Promise<boolean> };
  keys: { isKeyUsable(memberId: string, exchange: TKeyExchange): Promise<boolean> };
}

const isKeyExchange = (e: string): e is TKeyExchange => (KeyExchanges as readonly string[]).includes(e);

/**
 * CheckStep / checkbot: which step the member still has to take before configuring a bot. The order is
 * KYC, a rental, then an exchange key, because the rental decides whether a key is needed at all: a
 * managed rental trades an account of the platform's, and a package that allows the paper exchange can
 * start there without one. Otherwise a usable (bound, not suspended) key on an exchange an active rental
 * allows is needed.
 */
export function createBotOnboarding(deps: OnboardingDeps) {
  return {
    async check(memberId: string): Promise<TBotOnboarding> {
      const [kycApproved, rentals] = await Promise.all([
        deps.kyc.isApproved(memberId),
        activeRentalsOf(deps.db, memberId),
      ]);
      const needsNoKey = rentals.some((r) => r.mode === 'managed' || r.exchanges.includes('paper'));
      const keyExchanges = [...new Set(rentals.flatMap((r) => r.exchanges.filter(isKeyExchange)))];
      const usable = await Promise.all(keyExchanges.map((e) => deps.keys.isKeyUsable(memberId, e)));
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
