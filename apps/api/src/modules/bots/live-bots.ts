import { type AnyDb, own } from '../../db/tables';
import type { BotRow } from './bot-settings';
import type { BotTables } from './bots.tables';

/** A member's live (running or paused) bots as other modules read them; `stopped` bots are history. */

/** One page of the member's live bots on a market type, by symbol. */
export function liveBotsPage(
  db: AnyDb,
  memberId: string,
  marketType: BotRow['market_type'],
  page: { page: number; pageSize: number },
): Promise<BotRow[]> {
  return own<BotTables>(db)
    .selectFrom('bots')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('market_type', '=', marketType)
    .where('status', '<>', 'stopped')
    .orderBy('symbol')
    .orderBy('id')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
}

/** The member's live bots on an exchange among these symbols (at most one each: a unique index says so). */
export function liveBotsOn(
  db: AnyDb,
  memberId: string,
  exchange: BotRow['exchange'],
  symbols: readonly string[],
): Promise<Pick<BotRow, 'id' | 'symbol' | 'status'>[]> {
  return own<BotTables>(db)
    .selectFrom('bots')
    .select(['id', 'symbol', 'status'])
    .where('member_id', '=', memberId)
    .where('exchange', '=', exchange)
    .where('symbol', 'in', symbols)
    .where('status', '<>', 'stopped')
    .execute();
}
