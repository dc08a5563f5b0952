import { format, parse, ZERO } from '@app/money/decimal';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Connector } from '../exchanges/connector';
import type { BotVenues } from './engine/bot-engine';

/**
 * Records the funding of closed perpetual cycles on real exchanges (binance, bybit, gate) in
 * bot_cycles.funding, so the bot records show their profit after funding (decisions, section 33). The paper
 * exchange's funding is in its own tables and is read there; spot has none.
 *
 * Apart from the engine: it reads a cycle only once the engine closed it, writes only the funding columns,
 * and asks the exchange through the bot's own venue (its key, or the platform's account for a managed-mode
 * rental). What it stores is the sum of the account's funding payments on the bot's symbol after the cycle
 * opened and up to its close, in the quote currency, positive when the cycle paid: the sign of paper_funding
 * and of the records' `funding`, so profit is realized_pnl minus funding everywhere.
 *
 * A cycle is taken in a short transaction that stamps funding_tried_at (skipping cycles another worker
 * holds), then the exchange is asked outside any transaction, then the sum is written only where none is
 * recorded yet: several workers never ask for one cycle at once, and a recorded figure never changes. A
 * failure (the exchange down, the key unbound or refused) leaves the cycle unrecorded, logged, and due again
 * FUNDING_RETRY_MS later, behind the cycles never tried.
 */

/** An exchange lists a funding payment a moment after the funding time: a cycle is asked this long after its close. */
export const FUNDING_SETTLE_MS = 5 * 60_000;
/** A cycle whose exchange failed is asked again this much later. */
export const FUNDING_RETRY_MS = 10 * 60_000;
/** Cycles asked for per pass: each costs one or more requests to its exchange. */
export const FUNDING_BATCH = 20;

export interface CycleFundingOptions {
  db: Db;
  venues: Pick<BotVenues, 'connectorFor'>;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
  batch?: number;
}

interface DueCycle {
  id: string;
  opened_at: Date;
  closed_at: Date;
  member_id: string;
  exchange: 'binance' | 'bybit' | 'gate';
  rental_id: string;
  symbol: string;
}

/** The quote currency of a unified perpetual symbol: USDT of BTC/USDT:USDT. */
const quoteOf = (symbol: string) => symbol.split('/')[1]!.split(':')[0]!;

/** Takes the due cycles: closed, perpetual, on a real exchange, not recorded, not tried lately. */
async function takeDue(db: Db, now: Date, batch: number): Promise<DueCycle[]> {
  const settled = new Date(now.getTime() - FUNDING_SETTLE_MS);
  const retry = new Date(now.getTime() - FUNDING_RETRY_MS);
  const { rows } = await sql<DueCycle>`
    UPDATE bot_cycles c SET funding_tried_at = ${now}
    FROM bots b
    WHERE b.id = c.bot_id AND c.id IN (
      SELECT due.id FROM bots bb JOIN bot_cycles due ON due.bot_id = bb.id
      WHERE bb.exchange <> 'paper' AND bb.market_type = 'perpetual'
        AND due.state = 'closed' AND due.funding_recorded_at IS NULL
        AND due.closed_at <= ${settled}
        AND (due.funding_tried_at IS NULL OR due.funding_tried_at <= ${retry})
      ORDER BY due.funding_tried_at NULLS FIRST, due.closed_at, due.id
      LIMIT ${batch}
      FOR UPDATE OF due SKIP LOCKED)
    RETURNING c.id, c.opened_at, c.closed_at, b.member_id, b.exchange, b.rental_id, b.symbol`.execute(db);
  return rows;
}

/** The funding a cycle paid (positive) or received, from the account's payments on its symbol. */
async function fundingOf(connector: Connector, cycle: DueCycle): Promise<string> {
  const quote = quoteOf(cycle.symbol);
  const payments = await connector.fundingPayments(cycle.symbol, cycle.opened_at, cycle.closed_at);
  let received = ZERO;
  for (const p of payments) {
    // As on the paper exchange: a funding time at the very opening found no position yet.
    if (p.at.getTime() <= cycle.opened_at.getTime() || p.asset !== quote) continue;
    received += parse(p.amount);
  }
  return format(-received);
}

/** One pass: records what it can of a batch of due cycles. Never throws for one cycle's failure. */
export async function recordCycleFunding(
  options: CycleFundingOptions,
): Promise<{ recorded: number; failed: number }> {
  const now = options.now?.() ?? new Date();
  const due = await takeDue(options.db, now, options.batch ?? FUNDING_BATCH);
  // One connector per venue and pass: a ccxt connector loads the exchange's markets once.
  const connectors = new Map<string, Promise<Connector>>();
  let recorded = 0;
  let failed = 0;
  for (const cycle of due) {
    const venue = `${cycle.member_id}:${cycle.exchange}:${cycle.rental_id}`;
    try {
      let connector = connectors.get(venue);
      if (!connector) {
        connector = options.venues.connectorFor(cycle.member_id, cycle.exchange, cycle.rental_id);
        connectors.set(venue, connector);
      }
      const funding = await fundingOf(await connector, cycle);
      const written = await options.db
        .updateTable('bot_cycles')
        .set({ funding, funding_recorded_at: options.now?.() ?? new Date() })
        .where('id', '=', cycle.id)
        .where('funding_recorded_at', 'is', null)
        .executeTakeFirst();
      if (written.numUpdatedRows > 0n) recorded++;
    } catch (error) {
      failed++;
      options.log?.warn(
        {
          cycleId: cycle.id,
          exchange: cycle.exchange,
          error: error instanceof Error ? error.message : String(error),
        },
        'cycle funding not recorded; tried again later',
      );
    }
  }
  return { recorded, failed };
}
