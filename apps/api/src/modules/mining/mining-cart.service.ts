import type { TCart, TLanguage } from '@app/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import { decimalOf } from '../wallet/amounts';
import type { MiningPackageService } from './mining-packages.service';

/**
 * Member/membercartlist: packages a member puts aside with a number of units. The cart holds no money and
 * no prices: each item shows what its units cost now, and is bought through the normal purchase.
 */
export function createMiningCartService(deps: { db: Db; packages: MiningPackageService }) {
  const { db, packages } = deps;
  return {
    /** The items with each package's name in `lang`. */
    async cart(memberId: string, lang: TLanguage): Promise<TCart> {
      const rows = await db
        .selectFrom('mining_cart_items as i')
        .innerJoin('mining_packages as p', 'p.id', 'i.package_id')
        .innerJoin('currencies as c', 'c.code', 'p.currency')
        .select([
          'i.package_id',
          ...packageNameColumns,
          'i.units',
          'p.currency',
          'c.decimals',
          'p.price_minor',
          'p.on_sale',
        ])
        .where('i.member_id', '=', memberId)
        .orderBy('i.added_at')
        .orderBy('i.package_id')
        .execute();
      return {
        items: rows.map((r) => ({
          packageId: r.package_id,
          packageName: packageNameIn(r, lang),
          units: r.units,
          currency: r.currency,
          price: decimalOf(BigInt(r.price_minor) * BigInt(r.units), r),
          onSale: r.on_sale,
        })),
      };
    },

    async put(memberId: string, packageId: string, units: number, lang: TLanguage): Promise<TCart> {
      const pkg = await packages.find(packageId);
      if (!pkg.on_sale) throw new AppError('MINING_PACKAGE_OFF_SALE');
      await db
        .insertInto('mining_cart_items')
        .values({ member_id: memberId, package_id: packageId, units })
        .onConflict((oc) => oc.columns(['member_id', 'package_id']).doUpdateSet({ units }))
        .execute();
      return this.cart(memberId, lang);
    },

    /** Takes a package out of the member's own cart; another member's items are not theirs to touch. */
    async remove(memberId: string, packageId: string, lang: TLanguage): Promise<TCart> {
      const gone = await db
        .deleteFrom('mining_cart_items')
        .where('member_id', '=', memberId)
        .where('package_id', '=', packageId)
        .returning('package_id')
        .executeTakeFirst();
      if (!gone) throw new AppError('MINING_PACKAGE_NOT_FOUND');
      return this.cart(memberId, lang);
    },
  };
}

export type MiningCartService = ReturnType<typeof createMiningCartService>;
