import type { Db } from '../../db/database';
import { rentalModes } from '../bot-rentals/active-rentals';
import type { ManagedAccounts } from '../bot-rentals/managed-accounts';
import type { ExchangeKeyService } from '../exchange-keys/exchange-keys.service';
import type { Connector, Credentials, MarketData } from '../exchanges/connector';
import { createTradingVenues } from '../trading/trading-venues';
import type { BotVenues } from './engine/bot-engine';

/**
 * Where bots trade: the same venues as trading by hand (the paper exchange, or the member's bound key
 * through its connector), plus the key check the bots make before they act. A bot under a managed-mode
 * rental trades the account the platform holds for the member instead, and never touches their key.
 */
export function createBotVenues(deps: {
  db: Db;
  market: MarketData;
  keys: Pick<ExchangeKeyService, 'list' | 'credentialsFor' | 'isKeyUsable'>;
  connect: (exchange: 'binance' | 'bybit' | 'gate', credentials: Credentials) => Connector;
  managed: Pick<ManagedAccounts, 'connectorFor' | 'isUsable'>;
}): BotVenues {
  const venues = createTradingVenues(deps);
  // A rental's mode is fixed when it is rented, so it is read once per rental and process.
  const managedRentals = new Map<string, boolean>();

  async function isManaged(rentalId: string | undefined): Promise<boolean> {
    if (rentalId === undefined) return false;
    const known = managedRentals.get(rentalId);
    if (known !== undefined) return known;
    const mode = (await rentalModes(deps.db, [rentalId])).get(rentalId);
    const managed = mode === 'managed';
    if (mode) managedRentals.set(rentalId, managed);
    return managed;
  }

  return {
    connectorFor: async (memberId, exchange, rentalId) =>
      (await isManaged(rentalId))
        ? deps.managed.connectorFor(memberId, exchange)
        : venues.connectorFor(memberId, exchange),
    isKeyUsable: async (memberId, exchange, rentalId) =>
      (await isManaged(rentalId))
        ? deps.managed.isUsable(memberId, exchange)
        : deps.keys.isKeyUsable(memberId, exchange),
  };
}
