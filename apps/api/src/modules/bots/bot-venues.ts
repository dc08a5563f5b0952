import type { Db } from '../../db/database';
import type { ExchangeKeyService } from '../exchange-keys/exchange-keys.service';
import type { Connector, Credentials, MarketData } from '../exchanges/connector';
import { createTradingVenues } from '../trading/trading-venues';
import type { BotVenues } from './engine/bot-engine';

/**
 * Where bots trade: the same venues as trading by hand (the paper exchange, or the member's bound key
 * through its connector), plus the key check the bots make before they act.
 */
export function createBotVenues(deps: {
  db: Db;
  market: MarketData;
  keys: Pick<ExchangeKeyService, 'list' | 'credentialsFor' | 'isKeyUsable'>;
  connect: (exchange: 'binance' | 'bybit' | 'gate', credentials: Credentials) => Connector;
}): BotVenues {
  const venues = createTradingVenues(deps);
  return {
    connectorFor: (memberId, exchange) => venues.connectorFor(memberId, exchange),
    isKeyUsable: (memberId, exchange) => deps.keys.isKeyUsable(memberId, exchange),
  };
}
