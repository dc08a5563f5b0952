import {
  MiningPayWallets,
  type TLatestSale,
  type TMiningBuyRequest,
  type TMiningPurchase,
  type TMiningQuote,
  type TMiningQuoteRequest,
  type TMiningReceipt,
  type TPage,
  type TPageQuery,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { KycService } from '../kyc/kyc.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { Trx } from '../ledger/ledger.types';
import { maskName } from '../members/mask';
import type { VoucherService } from '../vouchers/vouchers.service';
import { currencyOrFail, decimalOf } from '../wallet/amounts';
import { type MoneyRequest, type PasswordCheck, traceOf } from '../wallet/money-request';
import { addStock, startSubscription } from './mining-holdings';
import type { MiningPackageRow, MiningPackageService } from './mining-packages.service';

const INT8_MAX = 2n ** 63n - 1n;
const LATEST_SALES = 20;

/**
 * Mining purchases (BuyProductPreview, BuyProductSave, memberSales, Lastestsales). A purchase pays from a
 * member's wallet into the platform's `sales` account through the ledger, in one transaction with the
 * voucher it uses, its purchase row, its volume event and the units it bought (in stock or activated).
 */
export function createMiningPurchaseService(deps: {
  db: Db;
  ledger: LedgerService;
  vouchers: VoucherService;
  kyc: Pick<KycService, 'isApproved'>;
  packages: MiningPackageService;
  checkPassword: PasswordCheck;
}) {
  const { db, ledger, vouchers, kyc, packages, checkPassword } = deps;

  function priceOf(pkg: MiningPackageRow, units: number): bigint {
    const price = BigInt(pkg.price_minor) * BigInt(units);
    if (price > INT8_MAX) throw new AppError('AMOUNT_TOO_LARGE');
    return price;
  }

  async function onSalePackage(packageId: string): Promise<MiningPackageRow> {
    const pkg = await packages.find(packageId);
    if (!pkg.on_sale) throw new AppError('MINING_PACKAGE_OFF_SALE');
    return pkg;
  }

  async function effectOf(memberId: string, pkg: MiningPackageRow, priceMinor: bigint, voucherId?: string) {
    if (!voucherId) return { discountMinor: 0n, payMinor: priceMinor };
    return vouchers.quote({ memberId, voucherId, priceMinor, currency: pkg.currency });
  }

  /** Units the member bought of the package so far; the caller holds the member's per-package lock. */
  async function boughtUnits(ex: Db | Trx, memberId: string, packageId: string): Promise<number> {
    const row = await ex
      .selectFrom('mining_purchases')
      .select(sql<string>`coalesce(sum(units), 0)`.as('units'))
      .where('member_id', '=', memberId)
      .where('package_id', '=', packageId)
      .executeTakeFirstOrThrow();
    return Number(row.units);
  }

  function checkLimit(pkg: MiningPackageRow, bought: number, units: number): void {
    if (pkg.per_member_limit !== null && bought + units > pkg.per_member_limit) {
      throw new AppError('MINING_LIMIT_REACHED');
    }
  }

  const purchaseQuery = (ex: Db | Trx) =>
    ex
      .selectFrom('mining_purchases as b')
      .innerJoin('mining_packages as p', 'p.id', 'b.package_id')
      .innerJoin('currencies as c', 'c.code', 'b.currency')
      .select([
        'b.id',
        'b.member_id',
        'b.package_id',
        'p.name',
        'b.units',
        'b.placement',
        'b.currency',
        'c.decimals',
        'b.wallet',
        'b.price_minor',
        'b.discount_minor',
        'b.paid_minor',
        'b.created_at',
      ]);
  type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchaseQuery>['executeTakeFirstOrThrow']>>;

  const toPurchase = (r: PurchaseRow): TMiningPurchase => ({
    id: r.id,
    packageId: r.package_id,
    packageName: r.name,
    units: r.units,
    placement: r.placement,
    currency: r.currency,
    wallet: r.wallet,
    price: decimalOf(BigInt(r.price_minor), r),
    discount: decimalOf(BigInt(r.discount_minor), r),
    paid: decimalOf(BigInt(r.paid_minor), r),
    createdAt: r.created_at.toISOString(),
  });

  return {
    /** BuyProductPreview: price, voucher discount and what is left to pay; nothing changes. */
    async quote(memberId: string, q: TMiningQuoteRequest): Promise<TMiningQuote> {
      const pkg = await onSalePackage(q.packageId);
      const price = priceOf(pkg, q.units);
      const effect = await effectOf(memberId, pkg, price, q.voucherId);
      return {
        currency: pkg.currency,
        price: decimalOf(price, pkg),
        discount: decimalOf(effect.discountMinor, pkg),
        pay: decimalOf(effect.payMinor, pkg),
        kycApproved: await kyc.isApproved(memberId),
      };
    },

    /** BuyProductSave: every refusal comes before anything changes, and all of it commits or none. */
    async buy(req: MoneyRequest, body: TMiningBuyRequest): Promise<TMiningReceipt> {
      const memberId = req.actor.memberId;
      if (!body.agreed) throw new AppError('AGREEMENT_REQUIRED');
      if (!(MiningPayWallets as readonly string[]).includes(body.wallet))
        throw new AppError('WALLET_NOT_ALLOWED');
      const pkg = await onSalePackage(body.packageId);
      if (!(await kyc.isApproved(memberId))) throw new AppError('MINING_KYC_REQUIRED');
      checkLimit(pkg, await boughtUnits(db, memberId, pkg.id), body.units);
      const priceMinor = priceOf(pkg, body.units);
      const currency = await currencyOrFail(db, pkg.currency);
      // A wrong voucher must not cost a password attempt.
      await effectOf(memberId, pkg, priceMinor, body.voucherId);
      await checkPassword(memberId, req.sessionId, body.password);

      const purchaseId = req.transferId('mining-purchase');
      const payTransferId = req.transferId('mining-payment');
      const [wallet, sales] = await Promise.all([
        ledger.account(db, { memberId, wallet: body.wallet, currency: currency.code }),
        ledger.systemAccount(db, 'sales', currency.code),
      ]);

      await db.transaction().execute(async (trx) => {
        // One purchase per member and package at a time, so the limit holds under concurrent requests.
        await sql`SELECT pg_advisory_xact_lock(hashtext('mining-limit'), hashtext(${`${memberId}:${pkg.id}`}))`.execute(
          trx,
        );
        const locked = await trx
          .selectFrom('mining_packages')
          .select(['on_sale', 'price_minor', 'currency', 'per_member_limit'])
          .where('id', '=', pkg.id)
          .forShare()
          .executeTakeFirstOrThrow();
        if (!locked.on_sale) throw new AppError('MINING_PACKAGE_OFF_SALE');
        if (locked.price_minor !== pkg.price_minor || locked.currency !== pkg.currency) {
          throw new AppError('MINING_PACKAGE_CHANGED');
        }
        checkLimit(
          { ...pkg, per_member_limit: locked.per_member_limit },
          await boughtUnits(trx, memberId, pkg.id),
          body.units,
        );
        const effect = body.voucherId
          ? await vouchers.consume(trx, {
              memberId,
              voucherId: body.voucherId,
              priceMinor,
              currency: currency.code,
              purchaseRef: `mining_purchase:${purchaseId}`,
            })
          : { discountMinor: 0n, payMinor: priceMinor };
        if (effect.payMinor > 0n) {
          await ledger.transfer(
            [
              {
                id: payTransferId,
                debitAccountId: wallet.id,
                creditAccountId: sales.id,
                amount: effect.payMinor,
                currency: currency.code,
                kind: 'purchase',
                memo: 'mining_package',
                meta: traceOf(req, { purchaseId }),
                createdBy: memberId,
              },
            ],
            { trx },
          );
        }
        await trx
          .insertInto('mining_purchases')
          .values({
            id: purchaseId,
            member_id: memberId,
            package_id: pkg.id,
            units: body.units,
            placement: body.placement,
            currency: currency.code,
            wallet: body.wallet,
            price_minor: priceMinor.toString(),
            discount_minor: effect.discountMinor.toString(),
            paid_minor: effect.payMinor.toString(),
            voucher_id: body.voucherId ?? null,
            transfer_id: effect.payMinor > 0n ? payTransferId : null,
          })
          .execute();
        // The team issue's bonuses are computed from these, never inside this request.
        await trx
          .insertInto('volume_events')
          .values({
            member_id: memberId,
            source: 'mining',
            source_id: purchaseId,
            amount_minor: effect.payMinor.toString(),
            currency: currency.code,
          })
          .execute();
        const units = { memberId, packageId: pkg.id, units: body.units, purchaseId };
        if (body.placement === 'stock') await addStock(trx, { ...units, reason: 'purchase' });
        else await startSubscription(trx, units);
      });

      const purchase = await purchaseQuery(db).where('b.id', '=', purchaseId).executeTakeFirstOrThrow();
      const after =
        (await ledger.balances(memberId)).find(
          (b) => b.wallet === body.wallet && b.currency === currency.code,
        )?.posted ?? 0n;
      return { purchase: toPurchase(purchase), balanceAfter: decimalOf(after, currency) };
    },

    /** memberSales: the member's purchases, newest first. */
    async purchases(memberId: string, query: TPageQuery): Promise<TPage<TMiningPurchase>> {
      const { page, pageSize } = query;
      const rows = await purchaseQuery(db)
        .where('b.member_id', '=', memberId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toPurchase), page, pageSize };
    },

    /** Lastestsales: the platform's newest purchases, the buyers' names masked. */
    async latest(): Promise<TLatestSale[]> {
      const rows = await db
        .selectFrom('mining_purchases as b')
        .innerJoin('mining_packages as p', 'p.id', 'b.package_id')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .select(['m.username', 'm.full_name', 'p.name', 'b.units', 'b.created_at'])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(LATEST_SALES)
        .execute();
      return rows.map((r) => ({
        maskedName: maskName(r.full_name ?? r.username),
        packageName: r.name,
        units: r.units,
        createdAt: r.created_at.toISOString(),
      }));
    },
  };
}

export type MiningPurchaseService = ReturnType<typeof createMiningPurchaseService>;
