import type {
  TActivateRequest,
  TLanguage,
  TPage,
  TPageQuery,
  TStock,
  TStockMovement,
  TStockTransferRequest,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import type { MembersRepository } from '../members/members.repository';
import type { MoneyRequest, PasswordCheck } from '../wallet/money-request';
import { addStock, startSubscription, takeStock } from './mining-holdings';
import type { MiningPackageService } from './mining-packages.service';

/**
 * The member's stock of unactivated units (Inventory/stock, getstock, stockmenu, stockrecord, transfer,
 * transfersave, ActivatePreview). A count never goes below zero: every taking locks the stock rows it
 * touches, in member-id order, so two transfers between the same members in opposite directions cannot
 * deadlock, and the CHECK (count >= 0) stands behind it.
 */
export function createMiningStockService(deps: {
  db: Db;
  members: MembersRepository;
  packages: MiningPackageService;
  checkPassword: PasswordCheck;
}) {
  const { db, members, packages, checkPassword } = deps;

  return {
    /** The member's units per package, each package named in `lang`. */
    async stock(memberId: string, lang: TLanguage): Promise<TStock> {
      const rows = await db
        .selectFrom('mining_stock as s')
        .innerJoin('mining_packages as p', 'p.id', 's.package_id')
        .select(['s.package_id', ...packageNameColumns, 'p.hash_rate_ghs', 'p.duration_days', 's.count'])
        .where('s.member_id', '=', memberId)
        .where('s.count', '>', 0)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
      return {
        items: rows.map((r) => ({
          packageId: r.package_id,
          packageName: packageNameIn(r, lang),
          hashRateGhs: r.hash_rate_ghs,
          durationDays: r.duration_days,
          count: r.count,
        })),
      };
    },

    /** stockrecord: every movement of the member's stock, newest first. */
    async movements(memberId: string, query: TPageQuery, lang: TLanguage): Promise<TPage<TStockMovement>> {
      const { page, pageSize } = query;
      const rows = await db
        .selectFrom('mining_stock_movements as m')
        .innerJoin('mining_packages as p', 'p.id', 'm.package_id')
        .leftJoin('members as o', 'o.id', 'm.counterpart_member_id')
        .select(['m.id', ...packageNameColumns, 'm.delta', 'm.reason', 'o.username', 'm.created_at'])
        .where('m.member_id', '=', memberId)
        .orderBy('m.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          packageName: packageNameIn(r, lang),
          delta: r.delta,
          reason: r.reason,
          counterpart: r.username,
          createdAt: r.created_at.toISOString(),
        })),
        page,
        pageSize,
      };
    },

    /** transfersave: units of one package to another member, after the transaction password. */
    async transfer(req: MoneyRequest, body: TStockTransferRequest, lang: TLanguage): Promise<TStock> {
      const memberId = req.actor.memberId;
      await packages.find(body.packageId);
      const to = await members.findByUsername(body.to);
      if (to?.role !== 'member') throw new AppError('RECIPIENT_NOT_FOUND');
      if (to.id === memberId) throw new AppError('RECIPIENT_IS_SELF');
      await checkPassword(memberId, req, body.password, req.actor.ip);
      await db.transaction().execute(async (trx) => {
        // The recipient's row must exist to be locked; creating it first takes no lock a taker waits on.
        await trx
          .insertInto('mining_stock')
          .values({ member_id: to.id, package_id: body.packageId, count: 0 })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx
          .selectFrom('mining_stock')
          .select('member_id')
          .where('package_id', '=', body.packageId)
          .where('member_id', 'in', [memberId, to.id])
          .orderBy('member_id')
          .forUpdate()
          .execute();
        const move = { packageId: body.packageId, units: body.units };
        if (!(await takeStock(trx, { ...move, memberId, reason: 'transfer_out', counterpartId: to.id }))) {
          throw new AppError('STOCK_NOT_ENOUGH');
        }
        await addStock(trx, { ...move, memberId: to.id, reason: 'transfer_in', counterpartId: memberId });
      });
      return this.stock(memberId, lang);
    },

    /** ActivatePreview: units from the member's stock start a subscription today. */
    async activate(req: MoneyRequest, body: TActivateRequest): Promise<{ subscriptionId: string }> {
      const memberId = req.actor.memberId;
      await packages.find(body.packageId);
      const subscriptionId = await db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('mining_stock')
          .select('member_id')
          .where('member_id', '=', memberId)
          .where('package_id', '=', body.packageId)
          .forUpdate()
          .execute();
        const move = { memberId, packageId: body.packageId, units: body.units };
        if (!(await takeStock(trx, { ...move, reason: 'activation' })))
          throw new AppError('STOCK_NOT_ENOUGH');
        return startSubscription(trx, move);
      });
      return { subscriptionId };
    },
  };
}

export type MiningStockService = ReturnType<typeof createMiningStockService>;
