import type { Db } from '../../db/database';
import { type AppModule, routesOf } from '../../platform/module';
import type { KycService } from '../kyc/kyc.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MembersRepository } from '../members/members.repository';
import type { UploadService } from '../uploads/uploads.service';
import type { VoucherService } from '../vouchers/vouchers.service';
import type { PasswordCheck } from '../wallet/money-request';
import { miningRoutes } from './mining.routes';
import { createMiningCartService } from './mining-cart.service';
import { createMiningInfoService } from './mining-info.service';
import { createMiningPackageService } from './mining-packages.service';
import { createMiningPayoutService } from './mining-payouts.service';
import { createMiningPromotionService } from './mining-promotions.service';
import { createMiningPurchaseService } from './mining-purchases.service';
import { createMiningStockService } from './mining-stock.service';

/** Mining packages: bought (cart, promotions, vouchers), held as stock, transferred, and paid out daily. */
export function createMiningModule(deps: {
  db: Db;
  ledger: LedgerService;
  vouchers: VoucherService;
  kyc: Pick<KycService, 'isApproved'>;
  uploads: Pick<UploadService, 'claim'>;
  members: MembersRepository;
  checkPassword: PasswordCheck;
  /** The check of stock leaving the member (a transfer to another member): refused during a money hold. */
  checkOutflow: PasswordCheck;
  moneyRateLimit: number;
}) {
  const { db, ledger } = deps;
  const packages = createMiningPackageService({ db, uploads: deps.uploads });
  const payouts = createMiningPayoutService({ db, ledger });
  const routeOptions = {
    db,
    packages,
    purchases: createMiningPurchaseService({ ...deps, packages }),
    stock: createMiningStockService({
      db,
      members: deps.members,
      packages,
      checkPassword: deps.checkOutflow,
    }),
    payouts,
    info: createMiningInfoService({ db }),
    promotions: createMiningPromotionService({ db, packages }),
    cart: createMiningCartService({ db, packages }),
    moneyRateLimit: deps.moneyRateLimit,
  };
  return {
    payouts,
    routes: routesOf(miningRoutes, routeOptions),
  } satisfies AppModule;
}
