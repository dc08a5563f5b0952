import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as ledger from './migrations/0002-ledger';
import * as wallet from './migrations/0003-wallet';
import * as paperExchange from './migrations/0004-paper-exchange';
import * as marketFavourites from './migrations/0005-market-favourites';
import * as exchangeKeys from './migrations/0006-exchange-keys';
import * as tradeOrders from './migrations/0007-trade-orders';
import * as uploads from './migrations/0008-uploads';
import * as notifications from './migrations/0009-notifications';
import * as kyc from './migrations/0010-kyc';
import * as content from './migrations/0011-content';
import * as support from './migrations/0012-support';
import * as memberProfile from './migrations/0013-member-profile';
import * as vouchersBotRentals from './migrations/0014-vouchers-bot-rentals';
import * as bots from './migrations/0015-bots';
import * as mining from './migrations/0016-mining';
import * as teamTrees from './migrations/0016b-team-trees';
import * as teamBonuses from './migrations/0017-team-bonuses';
import * as teamCountsOffSignup from './migrations/0018-team-counts-off-signup';
import * as miningYieldPictures from './migrations/0019-mining-yield-pictures';
import * as botActions from './migrations/0020-bot-actions';
import * as managedAccounts from './migrations/0021-managed-accounts';
import * as botRevision from './migrations/0022-bot-revision';
import * as bonusRunSpeed from './migrations/0023-bonus-run-speed';
import * as cycleFunding from './migrations/0025-cycle-funding';
import * as botContractSize from './migrations/0026-bot-contract-size';
import * as teamSpeed from './migrations/0027-team-speed';
import * as signUpCounters from './migrations/0028-sign-up-counters';
import * as securityStepUp from './migrations/0029-security-step-up';
import * as loginThrottle from './migrations/0030-login-throttle';
import * as staffSecurity from './migrations/0032-staff-security';
import * as nonceUsedFor from './migrations/0033-nonce-used-for';
import * as workerHeartbeats from './migrations/0034-worker-heartbeats';
import * as guardGeneration from './migrations/0036-guard-generation';
import * as chainDeposits from './migrations/0037-chain-deposits';
import * as chainWatchHealth from './migrations/0038-chain-watch-health';
import * as payoutRetries from './migrations/0039-payout-retries';
import * as chainPayouts from './migrations/0040-chain-payouts';
import * as chainSweeps from './migrations/0041-chain-sweeps';
import * as loweredPriceMemory from './migrations/0042-lowered-price-memory';
import * as localizedContent from './migrations/0043-localized-content';
import * as tronPayouts from './migrations/0044-tron-payouts';
import * as tronSweeps from './migrations/0045-tron-sweeps';
import * as sessionRevocations from './migrations/0046-session-revocations';
import * as evmAddressLookup from './migrations/0047-evm-address-lookup';
import * as slideDescriptions from './migrations/0048-slide-descriptions';
import * as botPackageNamesSlidePictures from './migrations/0049-bot-package-names-slide-pictures';
import * as staffStateRevocations from './migrations/0050-staff-state-revocations';

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
  '0008-uploads': uploads,
  '0009-notifications': notifications,
  '0010-kyc': kyc,
  '0011-content': content,
  '0012-support': support,
  '0013-member-profile': memberProfile,
  '0014-vouchers-bot-rentals': vouchersBotRentals,
  '0015-bots': bots,
  '0016b-team-trees': teamTrees,
  '0016-mining': mining,
  '0017-team-bonuses': teamBonuses,
  '0018-team-counts-off-signup': teamCountsOffSignup,
  '0019-mining-yield-pictures': miningYieldPictures,
  '0020-bot-actions': botActions,
  '0021-managed-accounts': managedAccounts,
  '0022-bot-revision': botRevision,
  '0023-bonus-run-speed': bonusRunSpeed,
  '0025-cycle-funding': cycleFunding,
  '0026-bot-contract-size': botContractSize,
  '0027-team-speed': teamSpeed,
  '0028-sign-up-counters': signUpCounters,
  '0029-security-step-up': securityStepUp,
  '0030-login-throttle': loginThrottle,
  '0032-staff-security': staffSecurity,
  '0033-nonce-used-for': nonceUsedFor,
  '0034-worker-heartbeats': workerHeartbeats,
  '0036-guard-generation': guardGeneration,
  '0037-chain-deposits': chainDeposits,
  '0038-chain-watch-health': chainWatchHealth,
  '0039-payout-retries': payoutRetries,
  '0040-chain-payouts': chainPayouts,
  '0041-chain-sweeps': chainSweeps,
  '0042-lowered-price-memory': loweredPriceMemory,
  '0043-localized-content': localizedContent,
  '0044-tron-payouts': tronPayouts,
  '0045-tron-sweeps': tronSweeps,
  '0046-session-revocations': sessionRevocations,
  '0047-evm-address-lookup': evmAddressLookup,
  '0048-slide-descriptions': slideDescriptions,
  '0049-bot-package-names-slide-pictures': botPackageNamesSlidePictures,
  '0050-staff-state-revocations': staffStateRevocations,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this build knows that the database has not run: empty when it is up to date. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database's schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Runs what is pending; answers how many migrations ran (0: the schema is as it was). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database's schema
export async function migrateToLatest(db: Kysely<any>): Promise<number> {
  // Unordered: work on several issues lands migrations side by side, and a database that already ran a
  // later-numbered one must still take an earlier-numbered one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}
