import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as ledger from './migrations/0002-ledger';
import * as wallet from './migrations/0003-wallet';
import * as paperExchange from './migrations/0004-paper-exchange';
import * as marketFavourites from './migrations/0005-market-favourites';
import * as exchangeKeys from './migrations/0006-exchange-keys';
import * as tradeOrders from './migrations/0007-trade-orders';

/**
 * Migrations are imported, not read from disk, so they work the same under tsx, vitest and a bundle.
 * Add each new migration here, named by its order.
 */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-ledger': ledger,
  '0003-wallet': wallet,
  '0004-paper-exchange': paperExchange,
  '0005-market-favourites': marketFavourites,
  '0006-exchange-keys': exchangeKeys,
  '0007-trade-orders': tradeOrders,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database's schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Unordered: work on several issues lands migrations side by side, and a database that already ran a
  // later-numbered one must still take an earlier-numbered one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
