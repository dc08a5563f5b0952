import type { TMiningPromotion, TMiningPromotionInput } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MiningPackageService } from './mining-packages.service';

const query = (db: Db) => db.selectFrom('mining_promotions').selectAll();
type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

const toPromotion = (r: Row): TMiningPromotion => ({
  id: r.id,
  title: r.title,
  body: r.body,
  packageId: r.package_id,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: new Date(r.ends_at).toISOString(),
});

/** Member/Promo: promotions an admin configures; members see the ones running now. Audited. */
export function createMiningPromotionService(deps: { db: Db; packages: MiningPackageService }) {
  const { db, packages } = deps;
  return {
    async running(): Promise<TMiningPromotion[]> {
      const rows = await query(db)
        .where(sql<boolean>`starts_at <= now() AND ends_at > now()`)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPromotion);
    },

    async all(): Promise<TMiningPromotion[]> {
      return (await query(db).orderBy('id', 'desc').execute()).map(toPromotion);
    },

    async create(actor: Actor, input: TMiningPromotionInput): Promise<TMiningPromotion> {
      if (input.packageId !== null) await packages.find(input.packageId);
      const values = {
        title: input.title,
        body: input.body,
        package_id: input.packageId,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
      };
      const row = await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('mining_promotions')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'mining_promotion.create',
          subject: `mining_promotion:${made.id}`,
          detail: { after: values },
        });
        return made;
      });
      return toPromotion(row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('mining_promotions')
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!gone) throw new AppError('MINING_PROMOTION_NOT_FOUND');
        await recordAudit(trx, actor, {
          action: 'mining_promotion.delete',
          subject: `mining_promotion:${id}`,
          detail: { before: { ...gone } },
        });
      });
    },
  };
}

export type MiningPromotionService = ReturnType<typeof createMiningPromotionService>;
