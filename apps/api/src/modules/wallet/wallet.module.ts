import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppModule } from '../../platform/module';
import type { DepositAddresses } from '../chain/deposit-addresses';
import type { ChainNetworks } from '../chain/networks';
import type { LedgerService } from '../ledger/ledger.service';
import type { MembersRepository } from '../members/members.repository';
import type { NotificationService } from '../notifications/notifications.service';
import { createExchangeService } from './exchange.service';
import { createFundingService } from './funding.service';
import type { PasswordCheck } from './money-request';
import { walletRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';
import { walletAdminRoutes } from './wallet-admin.routes';
import { createWithdrawalService } from './withdrawal.service';

/** The member's wallets: transfers, conversions, withdrawals, and staff funding (all through the ledger). */
export function createWalletModule(deps: {
  db: Db;
  config: Config;
  ledger: LedgerService;
  chain: { networks: ChainNetworks; addresses: DepositAddresses };
  members: MembersRepository;
  notifications: NotificationService;
  checkPassword: PasswordCheck;
  /** The check of money leaving the member: refused during a money hold (decision 42). */
  checkOutflow: PasswordCheck;
  consumeTac: Parameters<typeof createWithdrawalService>[0]['consumeTac'];
}) {
  const { db, ledger, config } = deps;
  const money = {
    wallet: createWalletService({ db, ledger, members: deps.members, checkPassword: deps.checkOutflow }),
    exchange: createExchangeService({ db, ledger, checkPassword: deps.checkPassword }),
    withdrawals: createWithdrawalService({
      db,
      ledger,
      notifications: deps.notifications,
      checkPassword: deps.checkOutflow,
      consumeTac: deps.consumeTac,
    }),
    funding: createFundingService({
      db,
      ledger,
      members: deps.members,
      fourEyesThresholdUsd: config.FOUR_EYES_THRESHOLD_USD,
      chain: deps.chain,
    }),
  };
  return {
    ...money,
    routes: async (app) => {
      await app.register(walletRoutes, { ...money, moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE });
      await app.register(walletAdminRoutes, money);
    },
  } satisfies AppModule;
}
