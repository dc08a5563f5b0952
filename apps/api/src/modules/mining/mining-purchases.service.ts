import {
  INT8_MAX,
  MiningPayWallets,
  type TCartCheckoutRequest,
  type TCartLine,
  type TCartQuote,
  type TCartQuoteRequest,
  type TCartReceipt,
  type TLanguage,
  type TLatestSale,
  type TMiningBuyRequest,
  type TMiningPlacement,
  type TMiningPurchase,
  type TMiningQuote,
  type TMiningQuoteRequest,
  type TMiningReceipt,
  type TPage,
  type TPageQuery,
  type TSealed,
  type TWallet,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import type { KycService } from '../kyc/kyc.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { TransferSpec, Trx } from '../ledger/ledger.types';
import { maskName } from '../members/mask';
import type { VoucherService } from '../vouchers/vouchers.service';
import { currencyOrFail, decimalOf } from '../wallet/amounts';
import { type MoneyRequest, type PasswordCheck, traceOf } from '../wallet/money-request';
import { addStock, startSubscription } from './mining-holdings';
import type { MiningPackageRow, MiningPackageService } from './mining-packages.service';

const LATEST_SALES = 20;

/**
 * Mining purchases (BuyProductPreview, BuyProductSave, membercartlist checkout, memberSales, Lastestsales).
 * A purchase pays from a member's wallet into the platform's `sales` account through the ledger, in one
 * transaction with the voucher it uses, its purchase row, its volume event and the units it bought (in stock
 * or activated). A cart checkout is the same purchase over several packages at once, all or nothing.
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

  /** One package of a purchase, its price, and the ids its rows get (derived from the request's key). */
  interface Line {
    pkg: MiningPackageRow;
    units: number;
    priceMinor: bigint;
    voucherId?: string;
    purchaseId: string;
    payTransferId: string;
  }

  /**
   * The lines' packages (on sale) and prices. A single purchase keeps the ids it always had; a checkout's
   * lines are told apart by their package (each package is on one line at most).
   */
  async function linesOf(wanted: TCartLine[], idOf: (label: string) => string): Promise<Line[]> {
    const single = wanted.length === 1;
    const lines: Line[] = [];
    for (const w of wanted) {
      const pkg = await onSalePackage(w.packageId);
      const suffix = single ? '' : `:${pkg.id}`;
      lines.push({
        pkg,
        units: w.units,
        priceMinor: priceOf(pkg, w.units),
        purchaseId: idOf(`mining-purchase${suffix}`),
        payTransferId: idOf(`mining-payment${suffix}`),
      });
    }
    return lines;
  }

  /** Puts the checkout's voucher on the line it names; a voucher for a package not in the cart is refused. */
  function withVoucher(lines: Line[], voucher: TCartQuoteRequest['voucher']): Line[] {
    if (!voucher) return lines;
    const line = lines.find((l) => l.pkg.id === voucher.packageId);
    if (!line) throw new AppError('MINING_CART_INVALID', 'The voucher names a package not in the cart');
    line.voucherId = voucher.voucherId;
    return lines;
  }

  /**
   * Pays for the lines and hands out their units: every check first (agreement, wallet, KYC, limits, the
   * voucher, then the transaction password, once), then one transaction in which all lines commit or none.
   */
  async function purchase(
    req: MoneyRequest,
    how: { placement: TMiningPlacement; wallet: TWallet; agreed: boolean; password: TSealed },
    lines: Line[],
    /** The cart checkout's id; null for one package bought on its own. */
    checkoutId: string | null,
    /** The bought packages leave the cart in the same transaction (a checkout, or a buy from the cart). */
    leavesCart: boolean,
  ): Promise<void> {
    const memberId = req.actor.memberId;
    if (!how.agreed) throw new AppError('AGREEMENT_REQUIRED');
    if (!(MiningPayWallets as readonly string[]).includes(how.wallet))
      throw new AppError('WALLET_NOT_ALLOWED');
    if (!(await kyc.isApproved(memberId))) throw new AppError('MINING_KYC_REQUIRED');
    for (const l of lines) checkLimit(l.pkg, await boughtUnits(db, memberId, l.pkg.id), l.units);
    // A wrong voucher must not cost a password attempt.
    for (const l of lines) await effectOf(memberId, l.pkg, l.priceMinor, l.voucherId);
    await checkPassword(memberId, req, how.password, req.actor.ip);

    const accounts = new Map<string, { wallet: { id: string }; sales: { id: string } }>();
    for (const code of new Set(lines.map((l) => l.pkg.currency))) {
      const currency = await currencyOrFail(db, code);
      const [wallet, sales] = await Promise.all([
        ledger.account(db, { memberId, wallet: how.wallet, currency: currency.code }),
        ledger.systemAccount(db, 'sales', currency.code),
      ]);
      accounts.set(code, { wallet, sales });
    }

    await db.transaction().execute(async (trx) => {
      // One purchase per member and package at a time, so limits hold under concurrent requests; taken in
      // package order, so two checkouts sharing packages queue instead of deadlocking.
      const byPackage = [...lines].sort((a, b) => Number(BigInt(a.pkg.id) - BigInt(b.pkg.id)));
      for (const l of byPackage) {
        await sql`SELECT pg_advisory_xact_lock(hashtext('mining-limit'), hashtext(${`${memberId}:${l.pkg.id}`}))`.execute(
          trx,
        );
      }
      const payments: TransferSpec[] = [];
      const effects = new Map<Line, { discountMinor: bigint; payMinor: bigint }>();
      for (const l of byPackage) {
        const locked = await trx
          .selectFrom('mining_packages')
          .select(['on_sale', 'price_minor', 'currency', 'per_member_limit'])
          .where('id', '=', l.pkg.id)
          .forShare()
          .executeTakeFirstOrThrow();
        if (!locked.on_sale) throw new AppError('MINING_PACKAGE_OFF_SALE');
        if (locked.price_minor !== l.pkg.price_minor || locked.currency !== l.pkg.currency) {
          throw new AppError('MINING_PACKAGE_CHANGED');
        }
        checkLimit(
          { ...l.pkg, per_member_limit: locked.per_member_limit },
          await boughtUnits(trx, memberId, l.pkg.id),
          l.units,
        );
        const effect = l.voucherId
          ? await vouchers.consume(trx, {
              memberId,
              voucherId: l.voucherId,
              priceMinor: l.priceMinor,
              currency: l.pkg.currency,
              purchaseRef: `mining_purchase:${l.purchaseId}`,
            })
          : { discountMinor: 0n, payMinor: l.priceMinor };
        effects.set(l, effect);
        if (effect.payMinor > 0n) {
          const { wallet, sales } = accounts.get(l.pkg.currency)!;
          payments.push({
            id: l.payTransferId,
            debitAccountId: wallet.id,
            creditAccountId: sales.id,
            amount: effect.payMinor,
            currency: l.pkg.currency,
            kind: 'purchase',
            memo: 'mining_package',
            meta: traceOf(req, { purchaseId: l.purchaseId }),
            createdBy: memberId,
          });
        }
      }
      // One linked ledger call: its accounts are locked together in id order, and a wallet short of any
      // currency refuses every line.
      if (payments.length > 0) await ledger.transfer(payments, { trx });
      for (const l of byPackage) {
        const effect = effects.get(l)!;
        await trx
          .insertInto('mining_purchases')
          .values({
            id: l.purchaseId,
            member_id: memberId,
            package_id: l.pkg.id,
            units: l.units,
            placement: how.placement,
            currency: l.pkg.currency,
            wallet: how.wallet,
            price_minor: l.priceMinor.toString(),
            discount_minor: effect.discountMinor.toString(),
            paid_minor: effect.payMinor.toString(),
            voucher_id: l.voucherId ?? null,
            transfer_id: effect.payMinor > 0n ? l.payTransferId : null,
            checkout_id: checkoutId,
          })
          .execute();
        // The team issue's bonuses are computed from these, never inside this request.
        await trx
          .insertInto('volume_events')
          .values({
            member_id: memberId,
            source: 'mining',
            source_id: l.purchaseId,
            amount_minor: effect.payMinor.toString(),
            currency: l.pkg.currency,
          })
          .execute();
        const units = { memberId, packageId: l.pkg.id, units: l.units, purchaseId: l.purchaseId };
        if (how.placement === 'stock') await addStock(trx, { ...units, reason: 'purchase' });
        else await startSubscription(trx, units);
      }
      if (leavesCart) {
        await trx
          .deleteFrom('mining_cart_items')
          .where('member_id', '=', memberId)
          .where(
            'package_id',
            'in',
            lines.map((l) => l.pkg.id),
          )
          .execute();
      }
    });
  }

  /** The paying wallet's balance in each of the lines' currencies, after the purchase. */
  async function balancesAfter(memberId: string, wallet: TWallet, lines: Line[]) {
    const balances = await ledger.balances(memberId);
    return Promise.all(
      [...new Set(lines.map((l) => l.pkg.currency))].map(async (code) => {
        const after = balances.find((b) => b.wallet === wallet && b.currency === code)?.posted ?? 0n;
        return { currency: code, balanceAfter: decimalOf(after, await currencyOrFail(db, code)) };
      }),
    );
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
        ...packageNameColumns,
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

  const toPurchase = (r: PurchaseRow, lang: TLanguage): TMiningPurchase => ({
    id: r.id,
    packageId: r.package_id,
    packageName: packageNameIn(r, lang),
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
    async buy(req: MoneyRequest, body: TMiningBuyRequest, lang: TLanguage): Promise<TMiningReceipt> {
      const [line] = await linesOf([{ packageId: body.packageId, units: body.units }], (label) =>
        req.transferId(label),
      );
      if (body.voucherId) line!.voucherId = body.voucherId;
      await purchase(req, body, [line!], null, body.fromCart === true);
      const row = await purchaseQuery(db).where('b.id', '=', line!.purchaseId).executeTakeFirstOrThrow();
      const [after] = await balancesAfter(req.actor.memberId, body.wallet, [line!]);
      return { purchase: toPurchase(row, lang), balanceAfter: after!.balanceAfter };
    },

    /** The cart checkout's preview: every line with its price and discount, totals per currency. */
    async quoteCart(memberId: string, q: TCartQuoteRequest, lang: TLanguage): Promise<TCartQuote> {
      const lines = withVoucher(await linesOf(q.lines, () => ''), q.voucher);
      const quoted = await Promise.all(
        lines.map(async (l) => ({
          line: l,
          effect: await effectOf(memberId, l.pkg, l.priceMinor, l.voucherId),
        })),
      );
      const totals = new Map<
        string,
        { price: bigint; discount: bigint; pay: bigint; pkg: MiningPackageRow }
      >();
      for (const { line, effect } of quoted) {
        const total = totals.get(line.pkg.currency) ?? { price: 0n, discount: 0n, pay: 0n, pkg: line.pkg };
        total.price += line.priceMinor;
        total.discount += effect.discountMinor;
        total.pay += effect.payMinor;
        totals.set(line.pkg.currency, total);
      }
      return {
        lines: quoted.map(({ line, effect }) => ({
          packageId: line.pkg.id,
          packageName: packageNameIn(line.pkg, lang),
          units: line.units,
          currency: line.pkg.currency,
          price: decimalOf(line.priceMinor, line.pkg),
          discount: decimalOf(effect.discountMinor, line.pkg),
          pay: decimalOf(effect.payMinor, line.pkg),
        })),
        totals: [...totals].map(([currency, t]) => ({
          currency,
          price: decimalOf(t.price, t.pkg),
          discount: decimalOf(t.discount, t.pkg),
          pay: decimalOf(t.pay, t.pkg),
        })),
        kycApproved: await kyc.isApproved(memberId),
      };
    },

    /**
     * Buys every line of the cart in one transaction: one Idempotency-Key (each line's purchase and payment
     * ids derive from it and the package), KYC, agreement and transaction password checked once, at most
     * one voucher on one line. A line that breaks a limit, or a wallet short of any currency, refuses all.
     * The bought packages leave the member's cart in the same transaction.
     */
    async checkout(req: MoneyRequest, body: TCartCheckoutRequest, lang: TLanguage): Promise<TCartReceipt> {
      const lines = withVoucher(await linesOf(body.lines, (label) => req.transferId(label)), body.voucher);
      const checkoutId = req.transferId('mining-checkout');
      await purchase(req, body, lines, checkoutId, true);
      const rows = await purchaseQuery(db)
        .where('b.checkout_id', '=', checkoutId)
        .orderBy('b.package_id')
        .execute();
      return {
        checkoutId,
        purchases: rows.map((r) => toPurchase(r, lang)),
        balances: await balancesAfter(req.actor.memberId, body.wallet, lines),
      };
    },

    /** memberSales: the member's purchases, newest first. */
    async purchases(memberId: string, query: TPageQuery, lang: TLanguage): Promise<TPage<TMiningPurchase>> {
      const { page, pageSize } = query;
      const rows = await purchaseQuery(db)
        .where('b.member_id', '=', memberId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map((r) => toPurchase(r, lang)), page, pageSize };
    },

    /** Lastestsales: the platform's newest purchases, the buyers' names masked. */
    async latest(lang: TLanguage): Promise<TLatestSale[]> {
      const rows = await db
        .selectFrom('mining_purchases as b')
        .innerJoin('mining_packages as p', 'p.id', 'b.package_id')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .select(['m.username', 'm.full_name', ...packageNameColumns, 'b.units', 'b.created_at'])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(LATEST_SALES)
        .execute();
      return rows.map((r) => ({
        maskedName: maskName(r.full_name ?? r.username),
        packageName: packageNameIn(r, lang),
        units: r.units,
        createdAt: r.created_at.toISOString(),
      }));
    },
  };
}

export type MiningPurchaseService = ReturnType<typeof createMiningPurchaseService>;
