import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables';

/** The tables the bots module owns (migrations 0015, 0020): bots, their cycles, orders, switches and groups. */
export type BotTables = 'bots' | 'bot_cycles' | 'bot_orders' | 'bot_market_switches' | 'bot_groups';
export type BotsDb = Kysely<Tables<BotTables>>;
