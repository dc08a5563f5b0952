import { performance } from 'node:perf_hooks';
import type { Db } from '../../apps/api/src/db/database';
import type { BotVenues } from '../../apps/api/src/modules/bots/engine/bot-engine';
import type { MarketData } from '../../apps/api/src/modules/exchanges/connector';
import { paperVenues } from '../../apps/api/test/bot-fixtures';

/** One order the engine sent, and when the exchange was called. */
export interface SentOrder {
  clientOrderId: string;
  /** Wall-clock milliseconds when placeOrder was called (after the pending row was committed). */
  sentAt: number;
}

/** One price read: when, and the time of the tick that set the prices it returned (the ticker's `at`). */
export interface PriceRead {
  readAt: number;
  tickAt: number;
}

/**
 * The paper exchange as the bots' venue (the engine tests' `paperVenues`), watched: every price read is
 * logged with the tick it returned, and each first placeOrder of a client order id with its time. The
 * engine reads the paper market's prices once per pass (through one member's connector: the market is the
 * same for every member), decides for every bot with them and records the orders in that pass; the sends
 * follow behind. So an order was decided on the last price read before its row was written (`tickOf`),
 * one pass at a time. Nothing about the engine or the exchange changes.
 */
export function timedVenues(db: Db, market: MarketData) {
  const inner = paperVenues(db, market);
  const reads: PriceRead[] = [];
  const sent = new Map<string, SentOrder>();
  const wallNow = () => performance.timeOrigin + performance.now();
  const venues: BotVenues = {
    isKeyUsable: inner.isKeyUsable,
    async connectorFor(memberId, exchange) {
      const connector = await inner.connectorFor(memberId, exchange);
      return {
        ...connector,
        async tickers(type, symbols) {
          const tickers = await connector.tickers(type, symbols);
          if (tickers[0]) reads.push({ readAt: wallNow(), tickAt: tickers[0].at.getTime() });
          return tickers;
        },
        async placeOrder(request) {
          const id = request.clientOrderId;
          if (id && !sent.has(id)) sent.set(id, { clientOrderId: id, sentAt: wallNow() });
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
    /** The tick of the last price read before `at` (a row's created_at); undefined when none was. */
    tickOf(at: number): number | undefined {
      let lo = 0;
      let hi = reads.length - 1;
      let found: number | undefined;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (reads[mid]!.readAt <= at) {
          found = reads[mid]!.tickAt;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return found;
    },
  };
}
