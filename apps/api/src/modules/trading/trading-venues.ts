import type { TTradingExchange } from '@app/contracts';
import type { Db } from '../../db/database';
import type { ExchangeKeyService } from '../exchange-keys/exchange-keys.service';
import type { Connector, Credentials, MarketData } from '../exchanges/connector';
import { createPaperConnector } from '../exchanges/paper/paper-exchange';
import type { TradingVenues } from './trading.service';

type KeyExchange = Exclude<TTradingExchange, 'paper'>;

/**
 * Where a member trades by hand: the paper exchange always (against the platform's market data), and each
 * exchange whose key is bound and active. Credentials are decrypted here, per request, and never kept.
 */
export function createTradingVenues(deps: {
  db: Db;
  market: MarketData;
  keys: Pick<ExchangeKeyService, 'list' | 'credentialsFor'>;
  connect: (exchange: KeyExchange, credentials: Credentials) => Connector;
}): TradingVenues {
  return {
    async available(memberId) {
      const active = (await deps.keys.list(memberId))
        .filter((k) => k.status === 'active')
        .map((k) => k.exchange);
      return ['paper', ...active];
    },
    async connectorFor(memberId, exchange) {
      if (exchange === 'paper') return createPaperConnector({ db: deps.db, market: deps.market, memberId });
      return deps.connect(exchange, await deps.keys.credentialsFor(memberId, exchange));
    },
  };
}
