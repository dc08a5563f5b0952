import type { TAdminBotPackage, TBotPackage, TBotPackageInput, TLanguage } from '@app/contracts';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { packageNameIn } from '../../platform/package-name';
import type { Trx } from '../ledger/ledger.types';
import { type Currency, currencyOrFail, decimalOf } from '../wallet/amounts';
import { minorOf } from './minor';

/** The package columns with its currency's decimals. */
export const packageQuery = (db: Db) =>
  db
    .selectFrom('bot_packages')
    .innerJoin('currencies', 'currencies.code', 'bot_packages.currency')
    .selectAll('bot_packages')
    .select('currencies.decimals');

export type BotPackageRow = Awaited<ReturnType<ReturnType<typeof packageQuery>['executeTakeFirstOrThrow']>>;

/** The package as a member reads it: its name in `lang`, English where that one was not written. */
export function toBotPackage(r: BotPackageRow, lang: TLanguage): TBotPackage {
  const c = { decimals: r.decimals };
  return {
    id: r.id,
    name: packageNameIn(r, lang),
    price: decimalOf(BigInt(r.price_minor), c),
    currency: r.currency,
    durationDays: r.duration_days,
    capitalLimit: decimalOf(BigInt(r.capital_limit_minor), c),
    topUpUnit: r.topup_unit_minor === null ? null : decimalOf(BigInt(r.topup_unit_minor), c),
    topUpUnitPrice: r.topup_unit_price_minor === null ? null : decimalOf(BigInt(r.topup_unit_price_minor), c),
    exchanges: r.exchanges,
    marketTypes: r.market_types,
    onSale: r.on_sale,
    sort: r.sort,
  };
}

/** The package as an admin edits it: the English name, and every other language written. */
function toAdminBotPackage(r: BotPackageRow): TAdminBotPackage {
  return { ...toBotPackage(r, 'en-US'), nameTranslations: r.name_translations };
}

/** The columns an admin's input sets, in minor units of the package's currency. */
function columnsOf(input: TBotPackageInput, currency: Currency) {
  return {
    name: input.name,
    name_translations: JSON.stringify(input.nameTranslations),
    price_minor: minorOf(input.price, currency).toString(),
    currency: currency.code,
    duration_days: input.durationDays,
    capital_limit_minor: minorOf(input.capitalLimit, currency).toString(),
    topup_unit_minor: input.topUpUnit === null ? null : minorOf(input.topUpUnit, currency).toString(),
    topup_unit_price_minor:
      input.topUpUnitPrice === null ? null : minorOf(input.topUpUnitPrice, currency).toString(),
    // Each exchange and market type once, in a stable order.
    exchanges: [...new Set(input.exchanges)].sort(),
    market_types: [...new Set(input.marketTypes)].sort(),
    on_sale: input.onSale,
    sort: input.sort,
  };
}

async function isRented(ex: Db | Trx, packageId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('bot_rentals')
    .select('id')
    .where('package_id', '=', packageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Bot packages (Trade/tradepackage): members see those on sale; admins define them, audited. */
export function createBotPackageService(deps: { db: Db }) {
  const { db } = deps;

  async function find(id: string): Promise<BotPackageRow> {
    const row = await packageQuery(db).where('bot_packages.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('BOT_PACKAGE_NOT_FOUND');
    return row;
  }

  const listed = (onSaleOnly: boolean) =>
    (onSaleOnly ? packageQuery(db).where('bot_packages.on_sale', '=', true) : packageQuery(db))
      .orderBy('bot_packages.sort')
      .orderBy('bot_packages.id')
      .execute();

  return {
    find,
    /** What members may rent, named in `lang`. */
    onSale: async (lang: TLanguage): Promise<TBotPackage[]> =>
      (await listed(true)).map((r) => toBotPackage(r, lang)),
    all: async (): Promise<TAdminBotPackage[]> => (await listed(false)).map(toAdminBotPackage),

    async create(actor: Actor, input: TBotPackageInput): Promise<TAdminBotPackage> {
      const columns = columnsOf(input, await currencyOrFail(db, input.currency));
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('bot_packages')
          .values(columns)
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'bot_package.create',
          subject: `bot_package:${id}`,
          detail: { after: columns },
        });
        return id;
      });
      return toAdminBotPackage(await find(id));
    },

    /** Changing a package changes what is sold from now on; rentals keep what they were sold with. */
    async update(actor: Actor, id: string, input: TBotPackageInput): Promise<TAdminBotPackage> {
      const columns = columnsOf(input, await currencyOrFail(db, input.currency));
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('bot_packages')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('BOT_PACKAGE_NOT_FOUND');
        // Rentals' capital limits and renewals are in the package's currency: it stays once rented.
        if (before.currency !== columns.currency && (await isRented(trx, id))) {
          throw new AppError('BOT_PACKAGE_IN_USE');
        }
        await trx
          .updateTable('bot_packages')
          .set({ ...columns, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'bot_package.update',
          subject: `bot_package:${id}`,
          detail: { before, after: columns },
        });
      });
      return toAdminBotPackage(await find(id));
    },

    /** Only a package nobody rented can go; one that was rented is taken off sale instead. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('bot_packages')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('BOT_PACKAGE_NOT_FOUND');
        if (await isRented(trx, id)) throw new AppError('BOT_PACKAGE_IN_USE');
        await trx.deleteFrom('bot_packages').where('id', '=', id).execute();
        await recordAudit(trx, actor, {
          action: 'bot_package.delete',
          subject: `bot_package:${id}`,
          detail: { before },
        });
      });
    },
  };
}

export type BotPackageService = ReturnType<typeof createBotPackageService>;
