import {
  pickText,
  type TAdminMiningPackage,
  type TDailyRate,
  type TDailyRateInput,
  type TLanguage,
  type TMiningCategory,
  type TMiningCategoryInput,
  type TMiningPackage,
  type TMiningPackageInput,
  type TNetworkParams,
  type TNetworkParamsInput,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { packageNameIn } from '../../platform/package-name';
import { minorOf } from '../bot-rentals/minor';
import type { Trx } from '../ledger/ledger.types';
import type { UploadService } from '../uploads/uploads.service';
import { type Currency, currencyOrFail, decimalOf } from '../wallet/amounts';

/** A yield per GH/s an admin typed; unlike a price it may be zero (a package that mines nothing that day). */
function yieldMinorOf(text: string, mined: Currency): bigint {
  return /^0*(\.0*)?$/.test(text.trim()) ? 0n : minorOf(text, mined);
}

/** Package columns with the decimals of its price currency and of its mined coin. */
export const miningPackageQuery = (ex: Db | Trx) =>
  ex
    .selectFrom('mining_packages as p')
    .innerJoin('currencies as c', 'c.code', 'p.currency')
    .innerJoin('currencies as m', 'm.code', 'p.mined_currency')
    .selectAll('p')
    .select(['c.decimals', 'm.decimals as mined_decimals']);

export type MiningPackageRow = Awaited<
  ReturnType<ReturnType<typeof miningPackageQuery>['executeTakeFirstOrThrow']>
>;

/** The package as a member reads it: name and description in `lang`, English where missing. */
export function toMiningPackage(r: MiningPackageRow, lang: TLanguage = 'en-US'): TMiningPackage {
  return {
    id: r.id,
    categoryId: r.category_id,
    name: packageNameIn(r, lang),
    description: pickText(r.description, lang),
    pictureUploadId: r.picture_upload_id,
    price: decimalOf(BigInt(r.price_minor), r),
    currency: r.currency,
    hashRateGhs: r.hash_rate_ghs,
    durationDays: r.duration_days,
    minedCurrency: r.mined_currency,
    yieldRule: r.yield_rule,
    yieldPerUnit:
      r.yield_per_unit_minor === null
        ? null
        : decimalOf(BigInt(r.yield_per_unit_minor), { decimals: r.mined_decimals }),
    perMemberLimit: r.per_member_limit,
    onSale: r.on_sale,
    sort: r.sort,
  };
}

/** The package as an admin edits it: English, plus every language written. */
export function toAdminMiningPackage(r: MiningPackageRow): TAdminMiningPackage {
  return { ...toMiningPackage(r), nameTranslations: r.name_translations, descriptions: r.description };
}

/** Mining categories and packages (cmsPackages, packageSubMenu, allPackages); admins define them, audited. */
export function createMiningPackageService(deps: { db: Db; uploads: Pick<UploadService, 'claim'> }) {
  const { db, uploads } = deps;

  /** The admin's own new picture is claimed in the package's transaction; the current one is already its. */
  async function claimPicture(trx: Trx, actor: Actor, picture: string | null, current: string | null) {
    if (picture === null || picture === current) return;
    await uploads.claim(trx, { ids: [picture], ownerId: actor.memberId, purpose: 'mining_package' });
  }

  async function find(ex: Db | Trx, id: string): Promise<MiningPackageRow> {
    const row = await miningPackageQuery(ex).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('MINING_PACKAGE_NOT_FOUND');
    return row;
  }

  async function columnsOf(input: TMiningPackageInput) {
    const currency = await currencyOrFail(db, input.currency);
    const mined = await currencyOrFail(db, input.minedCurrency);
    if (input.categoryId !== null) {
      const category = await db
        .selectFrom('mining_categories')
        .select('id')
        .where('id', '=', input.categoryId)
        .executeTakeFirst();
      if (!category) throw new AppError('MINING_CATEGORY_NOT_FOUND');
    }
    return {
      category_id: input.categoryId,
      name: input.name,
      name_translations: JSON.stringify(input.nameTranslations),
      description: JSON.stringify(input.description),
      price_minor: minorOf(input.price, currency).toString(),
      currency: currency.code,
      hash_rate_ghs: String(input.hashRateGhs),
      duration_days: input.durationDays,
      mined_currency: mined.code,
      yield_rule: input.yieldRule,
      yield_per_unit_minor:
        input.yieldPerUnit === null ? null : yieldMinorOf(input.yieldPerUnit, mined).toString(),
      per_member_limit: input.perMemberLimit,
      on_sale: input.onSale,
      sort: input.sort,
      picture_upload_id: input.pictureUploadId,
    };
  }

  const listed = (filter: { onSaleOnly: boolean; categoryId?: string | undefined }) => {
    let q = miningPackageQuery(db);
    if (filter.onSaleOnly) q = q.where('p.on_sale', '=', true);
    if (filter.categoryId) q = q.where('p.category_id', '=', filter.categoryId);
    return q.orderBy('p.sort').orderBy('p.id').execute();
  };

  async function auditedCategory(actor: Actor, action: string, work: (trx: Trx) => Promise<string>) {
    return db.transaction().execute(async (trx) => {
      const id = await work(trx);
      await recordAudit(trx, actor, { action, subject: `mining_category:${id}` });
      return id;
    });
  }

  return {
    find: (id: string) => find(db, id),
    findIn: find,

    async categories(): Promise<TMiningCategory[]> {
      return db.selectFrom('mining_categories').selectAll().orderBy('sort').orderBy('id').execute();
    },

    onSale: async (categoryId: string | undefined, lang: TLanguage) =>
      (await listed({ onSaleOnly: true, categoryId })).map((r) => toMiningPackage(r, lang)),
    all: async () => (await listed({ onSaleOnly: false })).map(toAdminMiningPackage),

    async createCategory(actor: Actor, input: TMiningCategoryInput): Promise<TMiningCategory> {
      const id = await auditedCategory(actor, 'mining_category.create', async (trx) => {
        const row = await trx
          .insertInto('mining_categories')
          .values(input)
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return { id, ...input };
    },

    async updateCategory(actor: Actor, id: string, input: TMiningCategoryInput): Promise<TMiningCategory> {
      await auditedCategory(actor, 'mining_category.update', async (trx) => {
        const row = await trx
          .updateTable('mining_categories')
          .set(input)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError('MINING_CATEGORY_NOT_FOUND');
        return row.id;
      });
      return { id, ...input };
    },

    async create(actor: Actor, input: TMiningPackageInput): Promise<TAdminMiningPackage> {
      const columns = await columnsOf(input);
      const id = await db.transaction().execute(async (trx) => {
        await claimPicture(trx, actor, columns.picture_upload_id, null);
        const { id } = await trx
          .insertInto('mining_packages')
          .values(columns)
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'mining_package.create',
          subject: `mining_package:${id}`,
          detail: { after: columns },
        });
        return id;
      });
      return toAdminMiningPackage(await find(db, id));
    },

    /** A change applies to sales from now on; running subscriptions are paid by the package's current rule. */
    async update(actor: Actor, id: string, input: TMiningPackageInput): Promise<TAdminMiningPackage> {
      const columns = await columnsOf(input);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('mining_packages')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('MINING_PACKAGE_NOT_FOUND');
        await claimPicture(trx, actor, columns.picture_upload_id, before.picture_upload_id);
        // Payouts already made are in the mined coin: it stays once anyone holds the package.
        if (before.mined_currency !== columns.mined_currency) {
          const held = await trx
            .selectFrom('mining_purchases')
            .select('id')
            .where('package_id', '=', id)
            .limit(1)
            .executeTakeFirst();
          if (held) throw new AppError('MINING_PACKAGE_IN_USE');
        }
        await trx
          .updateTable('mining_packages')
          .set({ ...columns, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'mining_package.update',
          subject: `mining_package:${id}`,
          detail: { before, after: columns },
        });
      });
      return toAdminMiningPackage(await find(db, id));
    },

    /** A 'daily' package's yield per GH/s for one day; setting it again replaces it until that day is paid. */
    async setDailyRate(actor: Actor, id: string, input: TDailyRateInput): Promise<void> {
      const pkg = await find(db, id);
      if (pkg.yield_rule !== 'daily') throw new AppError('MINING_NOT_DAILY_RULE');
      const perUnit = yieldMinorOf(input.perUnit, await currencyOrFail(db, pkg.mined_currency));
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mining_daily_rates')
          .values({ package_id: id, day: input.day, per_unit_minor: perUnit.toString() })
          .onConflict((oc) =>
            oc.columns(['package_id', 'day']).doUpdateSet({ per_unit_minor: perUnit.toString() }),
          )
          .execute();
        await recordAudit(trx, actor, {
          action: 'mining_package.daily_rate',
          subject: `mining_package:${id}`,
          detail: { day: input.day, perUnitMinor: perUnit.toString() },
        });
      });
    },

    /** A 'daily' package's rates, newest day first. */
    async dailyRates(id: string): Promise<TDailyRate[]> {
      const pkg = await find(db, id);
      const rows = await db
        .selectFrom('mining_daily_rates')
        .select([sql<string>`day::text`.as('day'), 'per_unit_minor'])
        .where('package_id', '=', id)
        .orderBy('day', 'desc')
        .limit(366)
        .execute();
      return rows.map((r) => ({
        day: r.day,
        perUnit: decimalOf(BigInt(r.per_unit_minor), { decimals: pkg.mined_decimals }),
      }));
    },

    /** Every difficulty and block reward ever set, newest effective day first (the history is kept). */
    async networkParams(): Promise<TNetworkParams[]> {
      const rows = await db
        .selectFrom('mining_network_params as n')
        .innerJoin('currencies as c', 'c.code', 'n.currency')
        .select([
          'n.id',
          'n.currency',
          sql<string>`n.effective_from::text`.as('effective_from'),
          sql<string>`n.difficulty::text`.as('difficulty'),
          'n.block_reward_minor',
          'c.decimals',
          'n.created_at',
        ])
        .orderBy('n.effective_from', 'desc')
        .orderBy('n.id', 'desc')
        .limit(200)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        currency: r.currency,
        effectiveFrom: r.effective_from,
        // numeric(40,8) prints its 8 decimals; the admin typed fewer
        difficulty: r.difficulty.replace(/\.?0+$/, ''),
        blockReward: decimalOf(BigInt(r.block_reward_minor), r),
        createdAt: r.created_at.toISOString(),
      }));
    },

    /**
     * A coin's difficulty and block reward from a day on. Rows are never changed: a correction is a new row,
     * and for one day the newest row wins. Days already paid keep what they were paid.
     */
    async setNetworkParams(actor: Actor, input: TNetworkParamsInput): Promise<void> {
      const coin = await currencyOrFail(db, input.currency);
      const reward = yieldMinorOf(input.blockReward, coin);
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('mining_network_params')
          .values({
            currency: coin.code,
            effective_from: input.effectiveFrom,
            difficulty: input.difficulty,
            block_reward_minor: reward.toString(),
            created_by: actor.memberId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'mining.network_params',
          subject: `mining_network_params:${id}`,
          detail: { ...input, blockRewardMinor: reward.toString() },
        });
      });
    },
  };
}

export type MiningPackageService = ReturnType<typeof createMiningPackageService>;
