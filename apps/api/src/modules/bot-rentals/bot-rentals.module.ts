import type { Db } from '../../db/database';
import type { AppModule } from '../../platform/module';
import type { LedgerService } from '../ledger/ledger.service';
import type { MembersRepository } from '../members/members.repository';
import type { NotificationService } from '../notifications/notifications.service';
import type { VoucherService } from '../vouchers/vouchers.service';
import type { PasswordCheck } from '../wallet/money-request';
import { createBotOnboarding, type OnboardingDeps } from './bot-onboarding';
import { createBotPackageService } from './bot-packages.service';
import { botRentalRoutes } from './bot-rentals.routes';
import { createBotRentalService } from './bot-rentals.service';
import { createManagedAccounts, type ManagedAccountsDeps } from './managed-accounts';
import { managedAccountRoutes } from './managed-accounts.routes';
import { createManagedAccountsAdmin, type ManagedAccountsAdminDeps } from './managed-accounts-admin';
import { createRentalExpiryNotices } from './rental-expiry';

/**
 * Bot packages and their rentals (paid through the ledger), the onboarding check before a first bot, and
 * the accounts managed-mode rentals trade (investsavecompany), shared by every view of the bots' venues.
 */
export function createBotRentalsModule(
  deps: ManagedAccountsDeps &
    Pick<OnboardingDeps, 'kyc' | 'keys'> &
    Pick<ManagedAccountsAdminDeps, 'unseal'> & {
      db: Db;
      ledger: LedgerService;
      vouchers: VoucherService;
      notifications: Pick<NotificationService, 'notify'>;
      members: Pick<MembersRepository, 'findById'>;
      checkPassword: PasswordCheck;
      moneyRateLimit: number;
    },
) {
  const { db } = deps;
  const managedAccounts = createManagedAccounts(deps);
  const packages = createBotPackageService({ db });
  const rentals = createBotRentalService({ ...deps, packages });
  const onboarding = createBotOnboarding({ db, kyc: deps.kyc, keys: deps.keys, managed: managedAccounts });
  const managedAdmin = createManagedAccountsAdmin({
    db,
    managed: managedAccounts,
    connect: deps.connect,
    unseal: deps.unseal,
  });
  return {
    managedAccounts,
    packages,
    rentals,
    rentalExpiryNotices: createRentalExpiryNotices({
      db,
      notify: deps.notifications.notify,
      members: deps.members,
    }),
    routes: async (app) => {
      await app.register(managedAccountRoutes, { admin: managedAdmin });
      await app.register(botRentalRoutes, {
        packages,
        rentals,
        onboarding,
        moneyRateLimit: deps.moneyRateLimit,
      });
    },
  } satisfies AppModule;
}
