import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** The slice of the database one module owns: `Tables<'bots' | 'bot_orders'>`. */
export type Tables<T extends keyof Database> = Pick<Database, T>;

/*
 * A connection or transaction as it crosses from one module into another. Kysely is invariant in its table
 * map (a Kysely<Pick<Database, ...>> is neither a Kysely<Database> nor the other way round), so what
 * crosses carries no tables in particular, and the receiving module reads it through `own` as its own
 * tables only. A transaction handed over stays the caller's: the other module's statements join it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one type that forgets the table map; `own` gives one back
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyDb, for a transaction
export type AnyTrx = Transaction<any>;

/** A module's view of a handle it was given: only the tables `T` it owns. The same instance at run time. */
export function own<T extends keyof Database>(db: AnyTrx): Transaction<Tables<T>>;
export function own<T extends keyof Database>(db: AnyDb): Kysely<Tables<T>>;
export function own<T extends keyof Database>(db: AnyDb): Kysely<Tables<T>> {
  return db;
}
