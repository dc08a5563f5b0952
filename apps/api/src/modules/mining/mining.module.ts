import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
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
import { createMiningPayoutService, type MiningPayoutService } from './mining-payouts.service';
import { createMiningPromotionService } from './mining-promotions.service';
import { createMiningPurchaseService } from './mining-purchases.service';
import { createMiningStockService } from './mining-stock.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily payout job (main.ts) and tests reach the payout run through the app. */
    miningPayouts: MiningPayoutService;
  }
}

/** Builds the mining services and registers their routes (one call in app.ts). */
export async function registerMining(
  app: FastifyInstance,
  deps: {
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
  },
): Promise<void> {
  const { db, ledger } = deps;
  const packages = createMiningPackageService({ db, uploads: deps.uploads });
  const payouts = createMiningPayoutService({ db, ledger });
  app.decorate('miningPayouts', payouts);
  await app.register(miningRoutes, {
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
  });
}
