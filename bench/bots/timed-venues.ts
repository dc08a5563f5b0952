import { performance } from 'node:perf_hooks';
import type { Db } from '../../apps/api/src/db/database';
import type { BotVenues } from '../../apps/api/src/modules/bots/engine/bot-engine';
import type { MarketData } from '../../apps/api/src/modules/exchanges/connector';
import { paperVenues } from '../../apps/api/test/bot-fixtures';

/** One order the engine sent: the tick its bot decided on, and when the exchange was called. */
export interface SentOrder {
  clientOrderId: string;
  /** The time of the tick whose price the bot read before it decided (the ticker's `at`). */
  tickAt: number;
  /** Wall-clock milliseconds when placeOrder was called (after the pending row was committed). */
  sentAt: number;
}

/**
 * The paper exchange as the bots' venue (the engine tests' `paperVenues`), watched: each member's
 * connector remembers the tick of the last price it returned (one bot per member in the fleet, and a bot
 * reads the price right before it decides), and each first placeOrder of a client order id is logged
 * with that tick. Nothing about the engine or the exchange changes.
 */
export function timedVenues(db: Db, market: MarketData) {
  const inner = paperVenues(db, market);
  const lastTick = new Map<string, number>();
  const sent = new Map<string, SentOrder>();
  const venues: BotVenues = {
    isKeyUsable: inner.isKeyUsable,
    async connectorFor(memberId, exchange) {
      const connector = await inner.connectorFor(memberId, exchange);
      return {
        ...connector,
        async tickers(type, symbols) {
          const tickers = await connector.tickers(type, symbols);
          if (tickers[0]) lastTick.set(memberId, tickers[0].at.getTime());
          return tickers;
        },
        async placeOrder(request) {
          const tickAt = lastTick.get(memberId);
          const id = request.clientOrderId;
          if (id && tickAt !== undefined && !sent.has(id)) {
            sent.set(id, { clientOrderId: id, tickAt, sentAt: performance.timeOrigin + performance.now() });
          }
          return connector.placeOrder(request);
        },
      };
    },
  };
  return {
    venues,
    /** The orders sent since the last call, and forgets them. */
    drain(): SentOrder[] {
      const out = [...sent.values()];
      sent.clear();
      return out;
    },
  };
}
