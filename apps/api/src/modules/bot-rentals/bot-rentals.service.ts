import {
  INT8_MAX,
  RentalPayWallets,
  type TBotRental,
  type TLanguage,
  type TPage,
  type TPageQuery,
  type TRenewRequest,
  type TRentalPurchase,
  type TRentalPurchaseKind,
  type TRentalQuote,
  type TRentalQuoteRequest,
  type TRentalReceipt,
  type TRentRequest,
  type TSealed,
  type TTopUpRequest,
  type TWallet,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import type { LedgerService } from '../ledger/ledger.service';
import type { Trx } from '../ledger/ledger.types';
import type { VoucherService } from '../vouchers/vouchers.service';
import { type Currency, currencyOrFail, decimalOf } from '../wallet/amounts';
import { type MoneyRequest, type PasswordCheck, traceOf } from '../wallet/money-request';
import type { BotPackageService } from './bot-packages.service';

export { type ActiveRental, activeRentalsOf } from './active-rentals';

const DAY_MS = 86_400_000;

/** A rental with what the member's screens need of its package and currency. */
const rentalQuery = (ex: Db | Trx) =>
  ex
    .selectFrom('bot_rentals as r')
    .innerJoin('bot_packages as p', 'p.id', 'r.package_id')
    .innerJoin('currencies as c', 'c.code', 'r.currency')
    .select([
      'r.id',
      'r.member_id',
      'r.package_id',
      ...packageNameColumns,
      'r.currency',
      'c.decimals',
      'r.capital_limit_minor',
      'r.mode',
      'p.exchanges',
      'p.market_types',
      'r.starts_at',
      'r.ends_at',
      'p.price_minor',
      'p.duration_days',
      'p.on_sale',
      'p.topup_unit_minor',
      'p.topup_unit_price_minor',
      sql<Date>`now()`.as('now'),
    ]);
type RentalRow = Awaited<ReturnType<ReturnType<typeof rentalQuery>['executeTakeFirstOrThrow']>>;

/** A rental as its member reads it, the package named in `lang`. */
function toRental(r: RentalRow, lang: TLanguage): TBotRental {
  const c = { decimals: r.decimals };
  const msLeft = r.ends_at.getTime() - r.now.getTime();
  return {
    id: r.id,
    packageId: r.package_id,
    packageName: packageNameIn(r, lang),
    currency: r.currency,
    capitalLimit: decimalOf(BigInt(r.capital_limit_minor), c),
    mode: r.mode,
    exchanges: r.exchanges,
    marketTypes: r.market_types,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    active: msLeft > 0,
    daysLeft: msLeft > 0 ? Math.ceil(msLeft / DAY_MS) : 0,
    renewPrice: decimalOf(BigInt(r.price_minor), c),
    renewDays: r.duration_days,
    topUpUnit: r.topup_unit_minor === null ? null : decimalOf(BigInt(r.topup_unit_minor), c),
    topUpUnitPrice: r.topup_unit_price_minor === null ? null : decimalOf(BigInt(r.topup_unit_price_minor), c),
  };
}

/** What one purchase is, once its rental or package is known. */
interface Purchase {
  kind: TRentalPurchaseKind;
  currency: Currency;
  priceMinor: bigint;
  capitalAddedMinor: bigint;
  daysAdded: number;
}

function checkWallet(wallet: TWallet): void {
  if (!(RentalPayWallets as readonly string[]).includes(wallet)) throw new AppError('WALLET_NOT_ALLOWED');
}

function checkAgreed(agreed: boolean): void {
  if (!agreed) throw new AppError('AGREEMENT_REQUIRED');
}

/** units x a per-unit amount, refused when it would not fit the bigint columns. */
function times(units: number, perUnit: bigint): bigint {
  const total = BigInt(units) * perUnit;
  if (total > INT8_MAX) throw new AppError('AMOUNT_TOO_LARGE');
  return total;
}

/**
 * Bot rentals (Trade/investsave, investsavecompany, topupsave, topupsavecompany, renewsave, getmytrade,
 * Member/memberSales). Each purchase pays from a member's wallet into the platform's `sales` account through
 * the ledger, in one transaction with the voucher it uses, the rental change, its purchase row and its
 * volume event: all of it commits, or none.
 */
export function createBotRentalService(deps: {
  db: Db;
  ledger: LedgerService;
  vouchers: VoucherService;
  packages: BotPackageService;
  checkPassword: PasswordCheck;
}) {
  const { db, ledger, vouchers, packages, checkPassword } = deps;

  /** The member's rental, or BOT_RENTAL_NOT_FOUND (another member's rental is not found either). */
  async function ownRental(ex: Db | Trx, memberId: string, rentalId: string): Promise<RentalRow> {
    const row = await rentalQuery(ex)
      .where('r.id', '=', rentalId)
      .where('r.member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('BOT_RENTAL_NOT_FOUND');
    return row;
  }

  async function rentPurchase(packageId: string): Promise<Purchase> {
    const pkg = await packages.find(packageId);
    if (!pkg.on_sale) throw new AppError('BOT_PACKAGE_OFF_SALE');
    return {
      kind: 'rent',
      currency: await currencyOrFail(db, pkg.currency),
      priceMinor: BigInt(pkg.price_minor),
      capitalAddedMinor: 0n,
      daysAdded: pkg.duration_days,
    };
  }

  async function topUpPurchase(memberId: string, rentalId: string, units: number): Promise<Purchase> {
    const rental = await ownRental(db, memberId, rentalId);
    if (rental.ends_at <= rental.now) throw new AppError('BOT_RENTAL_ENDED');
    if (rental.topup_unit_minor === null || rental.topup_unit_price_minor === null) {
      throw new AppError('BOT_PACKAGE_NO_TOPUP');
    }
    const capitalAddedMinor = times(units, BigInt(rental.topup_unit_minor));
    if (BigInt(rental.capital_limit_minor) + capitalAddedMinor > INT8_MAX)
      throw new AppError('AMOUNT_TOO_LARGE');
    return {
      kind: 'topup',
      currency: await currencyOrFail(db, rental.currency),
      priceMinor: times(units, BigInt(rental.topup_unit_price_minor)),
      capitalAddedMinor,
      daysAdded: 0,
    };
  }

  async function renewPurchase(memberId: string, rentalId: string): Promise<Purchase> {
    const rental = await ownRental(db, memberId, rentalId);
    if (!rental.on_sale) throw new AppError('BOT_PACKAGE_OFF_SALE');
    return {
      kind: 'renew',
      currency: await currencyOrFail(db, rental.currency),
      priceMinor: BigInt(rental.price_minor),
      capitalAddedMinor: 0n,
      daysAdded: rental.duration_days,
    };
  }

  async function quoteOf(memberId: string, p: Purchase, voucherId: string | undefined) {
    if (!voucherId) return { discountMinor: 0n, payMinor: p.priceMinor };
    return vouchers.quote({ memberId, voucherId, priceMinor: p.priceMinor, currency: p.currency.code });
  }

  /**
   * The common part of every purchase, after the checks that need no lock: the transaction password, then
   * one transaction that uses the voucher, moves the money, lets `apply` change the rental, and records
   * the purchase and its volume event. The receipt names the package in `lang`.
   */
  async function buy(
    req: MoneyRequest,
    lang: TLanguage,
    p: Purchase,
    input: { wallet: TWallet; voucherId?: string | undefined; agreed: boolean; password: TSealed },
    apply: (
      trx: Trx,
      paid: { payMinor: bigint; transferId: string | null; voucherId: string | null },
    ) => Promise<string>,
  ): Promise<TRentalReceipt> {
    const memberId = req.actor.memberId;
    // Refusals that need nothing from the member come before the password, so a wrong voucher does not
    // cost a password attempt.
    await quoteOf(memberId, p, input.voucherId);
    await checkPassword(memberId, req, input.password, req.actor.ip);
    const purchaseId = req.transferId('bot-rental-purchase');
    const payTransferId = req.transferId('bot-rental-payment');
    const [wallet, sales] = await Promise.all([
      ledger.account(db, { memberId, wallet: input.wallet, currency: p.currency.code }),
      ledger.systemAccount(db, 'sales', p.currency.code),
    ]);

    const { rentalId, balanceAfter } = await db.transaction().execute(async (trx) => {
      const effect = input.voucherId
        ? await vouchers.consume(trx, {
            memberId,
            voucherId: input.voucherId,
            priceMinor: p.priceMinor,
            currency: p.currency.code,
            purchaseRef: `bot_rental_purchase:${purchaseId}`,
          })
        : { discountMinor: 0n, payMinor: p.priceMinor };
      let balance: bigint | null = null;
      if (effect.payMinor > 0n) {
        const { transfers } = await ledger.transfer(
          [
            {
              id: payTransferId,
              debitAccountId: wallet.id,
              creditAccountId: sales.id,
              amount: effect.payMinor,
              currency: p.currency.code,
              kind: 'purchase',
              memo: `bot_rental_${p.kind}`,
              meta: traceOf(req, { purchaseId }),
              createdBy: memberId,
            },
          ],
          { trx },
        );
        balance = transfers[0]!.debitBalanceAfter;
      }
      const transferId = effect.payMinor > 0n ? payTransferId : null;
      const voucherId = input.voucherId ?? null;
      const rentalId = await apply(trx, { payMinor: effect.payMinor, transferId, voucherId });
      await trx
        .insertInto('bot_rental_purchases')
        .values({
          id: purchaseId,
          rental_id: rentalId,
          member_id: memberId,
          kind: p.kind,
          currency: p.currency.code,
          wallet: input.wallet,
          price_minor: p.priceMinor.toString(),
          discount_minor: effect.discountMinor.toString(),
          paid_minor: effect.payMinor.toString(),
          voucher_id: voucherId,
          transfer_id: transferId,
          capital_added_minor: p.capitalAddedMinor.toString(),
          days_added: p.daysAdded,
        })
        .execute();
      // The team issue's bonuses are computed from these, never inside this request.
      await trx
        .insertInto('volume_events')
        .values({
          member_id: memberId,
          source: 'bot_rental',
          source_id: purchaseId,
          amount_minor: effect.payMinor.toString(),
          currency: p.currency.code,
        })
        .execute();
      return { rentalId, balanceAfter: balance };
    });

    const [rental, purchase] = await Promise.all([
      ownRental(db, memberId, rentalId),
      purchaseQuery(memberId).where('b.id', '=', purchaseId).executeTakeFirstOrThrow(),
    ]);
    const after =
      balanceAfter ??
      (await ledger.balances(memberId)).find(
        (b) => b.wallet === input.wallet && b.currency === p.currency.code,
      )?.posted ??
      0n;
    return {
      rental: toRental(rental, lang),
      purchase: toPurchase(purchase, lang),
      balanceAfter: decimalOf(after, p.currency),
    };
  }

  const purchaseQuery = (memberId: string) =>
    db
      .selectFrom('bot_rental_purchases as b')
      .innerJoin('bot_rentals as r', 'r.id', 'b.rental_id')
      .innerJoin('bot_packages as p', 'p.id', 'r.package_id')
      .innerJoin('currencies as c', 'c.code', 'b.currency')
      .leftJoin('vouchers as v', 'v.id', 'b.voucher_id')
      .where('b.member_id', '=', memberId)
      .select([
        'b.id',
        'b.rental_id',
        ...packageNameColumns,
        'b.kind',
        'b.currency',
        'c.decimals',
        'b.wallet',
        'b.price_minor',
        'b.discount_minor',
        'b.paid_minor',
        'v.code',
        'b.capital_added_minor',
        'b.days_added',
        'b.created_at',
      ]);
  type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchaseQuery>['executeTakeFirstOrThrow']>>;

  function toPurchase(r: PurchaseRow, lang: TLanguage): TRentalPurchase {
    const c = { decimals: r.decimals };
    return {
      id: r.id,
      rentalId: r.rental_id,
      packageName: packageNameIn(r, lang),
      kind: r.kind,
      currency: r.currency,
      wallet: r.wallet,
      price: decimalOf(BigInt(r.price_minor), c),
      discount: decimalOf(BigInt(r.discount_minor), c),
      paid: decimalOf(BigInt(r.paid_minor), c),
      voucherCode: r.code,
      capitalAdded: decimalOf(BigInt(r.capital_added_minor), c),
      daysAdded: r.days_added,
      createdAt: r.created_at.toISOString(),
    };
  }

  /** Locks the member's rental for a change; its end is read again under the lock. */
  async function lockRental(trx: Trx, memberId: string, rentalId: string) {
    const row = await trx
      .selectFrom('bot_rentals')
      .select(['id', sql<boolean>`ends_at > now()`.as('running')])
      .where('id', '=', rentalId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('BOT_RENTAL_NOT_FOUND');
    return row;
  }

  return {
    /** getmytrade: the member's rentals, running ones first, then the most recently ended. */
    async rentals(memberId: string, lang: TLanguage): Promise<TBotRental[]> {
      const rows = await rentalQuery(db)
        .where('r.member_id', '=', memberId)
        .orderBy(sql`r.ends_at > now()`, 'desc')
        .orderBy('r.ends_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map((r) => toRental(r, lang));
    },

    rental: async (memberId: string, rentalId: string, lang: TLanguage) =>
      toRental(await ownRental(db, memberId, rentalId), lang),

    /** memberSales: every payment for the member's rentals, newest first. */
    async purchases(memberId: string, query: TPageQuery, lang: TLanguage): Promise<TPage<TRentalPurchase>> {
      const { page, pageSize } = query;
      const rows = await purchaseQuery(memberId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map((r) => toPurchase(r, lang)), page, pageSize };
    },

    /** What a purchase would cost with or without a voucher; nothing changes. */
    async quote(memberId: string, q: TRentalQuoteRequest): Promise<TRentalQuote> {
      const p =
        q.kind === 'rent'
          ? await rentPurchase(q.packageId)
          : q.kind === 'topup'
            ? await topUpPurchase(memberId, q.rentalId, q.units)
            : await renewPurchase(memberId, q.rentalId);
      const effect = await quoteOf(memberId, p, q.voucherId);
      return {
        currency: p.currency.code,
        price: decimalOf(p.priceMinor, p.currency),
        discount: decimalOf(effect.discountMinor, p.currency),
        pay: decimalOf(effect.payMinor, p.currency),
      };
    },

    /** investsave (mode own_key) and investsavecompany (mode managed): a new rental from now. */
    async rent(req: MoneyRequest, body: TRentRequest, lang: TLanguage): Promise<TRentalReceipt> {
      checkAgreed(body.agreed);
      checkWallet(body.wallet);
      const p = await rentPurchase(body.packageId);
      return buy(req, lang, p, body, async (trx, paid) => {
        // Read again under a share lock: an admin taking it off sale or repricing it waits, or wins first.
        const pkg = await trx
          .selectFrom('bot_packages')
          .select(['on_sale', 'price_minor', 'capital_limit_minor', 'duration_days', 'currency'])
          .where('id', '=', body.packageId)
          .forShare()
          .executeTakeFirstOrThrow();
        if (!pkg.on_sale) throw new AppError('BOT_PACKAGE_OFF_SALE');
        if (BigInt(pkg.price_minor) !== p.priceMinor || pkg.currency !== p.currency.code) {
          throw new AppError('BOT_PACKAGE_CHANGED');
        }
        const { id } = await trx
          .insertInto('bot_rentals')
          .values({
            member_id: req.actor.memberId,
            package_id: body.packageId,
            currency: p.currency.code,
            capital_limit_minor: pkg.capital_limit_minor,
            mode: body.mode,
            starts_at: sql<Date>`now()`,
            ends_at: sql<Date>`now() + make_interval(days => ${pkg.duration_days})`,
            voucher_id: paid.voucherId,
            price_paid_minor: paid.payMinor.toString(),
            transfer_id: paid.transferId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
    },

    /** topupsave / topupsavecompany: more capital limit on a running rental, in whole units. */
    async topUp(
      req: MoneyRequest,
      rentalId: string,
      body: TTopUpRequest,
      lang: TLanguage,
    ): Promise<TRentalReceipt> {
      checkAgreed(body.agreed);
      checkWallet(body.wallet);
      const p = await topUpPurchase(req.actor.memberId, rentalId, body.units);
      return buy(req, lang, p, body, async (trx) => {
        const locked = await lockRental(trx, req.actor.memberId, rentalId);
        if (!locked.running) throw new AppError('BOT_RENTAL_ENDED');
        await trx
          .updateTable('bot_rentals')
          .set((eb) => ({
            capital_limit_minor: eb('capital_limit_minor', '+', p.capitalAddedMinor.toString()),
          }))
          .where('id', '=', rentalId)
          .execute();
        return rentalId;
      });
    },

    /** renewsave: the package's duration again, from the rental's end if it still runs, else from now. */
    async renew(
      req: MoneyRequest,
      rentalId: string,
      body: TRenewRequest,
      lang: TLanguage,
    ): Promise<TRentalReceipt> {
      checkAgreed(body.agreed);
      checkWallet(body.wallet);
      const p = await renewPurchase(req.actor.memberId, rentalId);
      return buy(req, lang, p, body, async (trx) => {
        await lockRental(trx, req.actor.memberId, rentalId);
        await trx
          .updateTable('bot_rentals')
          .set({ ends_at: sql<Date>`greatest(ends_at, now()) + make_interval(days => ${p.daysAdded})` })
          .where('id', '=', rentalId)
          .execute();
        return rentalId;
      });
    },
  };
}

export type BotRentalService = ReturnType<typeof createBotRentalService>;
