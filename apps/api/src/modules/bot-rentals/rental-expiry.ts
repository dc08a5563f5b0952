import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { languageOfHeader } from '../../platform/language';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import type { MembersRepository } from '../members/members.repository';
import type { NotificationService } from '../notifications/notifications.service';

/** How long before a rental ends its member is told, so they can renew before their bots stop opening cycles. */
export const EXPIRY_NOTICE_MS = 3 * 86_400_000;
/** Where the notice leads: the member's rentals (mirrors the web's RentalPaths.mine). */
const MY_RENTALS_PAGE = '/pages/trade/mytrade';

/**
 * Tells each member once that a rental of theirs ends within three days. "Once" needs no column of its own:
 * the notice carries the rental's id in its params, and a rental whose notice exists is skipped. The rental
 * row is locked while its notice is written, so two runs side by side still write one. The notice keeps the
 * package's name as a text, written in the member's own language (the one their account mails use), as
 * nobody's request is there to ask.
 */
export function createRentalExpiryNotices({
  db,
  notify,
  members,
}: {
  db: Db;
  notify: NotificationService['notify'];
  members: Pick<MembersRepository, 'findById'>;
}) {
  /** Whether the rental (its id as text) already has its notice. */
  const alreadyTold = (rentalId: RawBuilder<string>) =>
    sql<boolean>`exists (select 1 from notifications n where n.kind = 'bot_rental_expiring'
      and n.params->>'rentalId' = ${rentalId})`;

  return {
    /** Returns how many members were told. */
    notifyExpiring: async (now = new Date()): Promise<{ notified: number }> => {
      const until = new Date(now.getTime() + EXPIRY_NOTICE_MS);
      const due = await db
        .selectFrom('bot_rentals as r')
        .select('r.id')
        .where('r.ends_at', '>', now)
        .where('r.ends_at', '<=', until)
        .where(sql<boolean>`not ${alreadyTold(sql<string>`r.id::text`)}`)
        .orderBy('r.id')
        .execute();
      let notified = 0;
      for (const { id } of due) {
        await db.transaction().execute(async (trx) => {
          const rental = await trx
            .selectFrom('bot_rentals as r')
            .innerJoin('bot_packages as p', 'p.id', 'r.package_id')
            .select(['r.id', 'r.member_id', 'r.ends_at', ...packageNameColumns])
            .where('r.id', '=', id)
            .forUpdate('r')
            .executeTakeFirstOrThrow();
          const told = await trx
            .selectNoFrom(alreadyTold(sql<string>`${id}::text`).as('told'))
            .executeTakeFirstOrThrow();
          if (told.told) return;
          const lang = languageOfHeader((await members.findById(rental.member_id))?.language);
          await notify(trx, {
            memberId: rental.member_id,
            kind: 'bot_rental_expiring',
            params: {
              rentalId: rental.id,
              packageName: packageNameIn(rental, lang),
              endsAt: rental.ends_at.toISOString(),
            },
            link: MY_RENTALS_PAGE,
          });
          notified++;
        });
      }
      return { notified };
    },
  };
}

export type RentalExpiryNotices = ReturnType<typeof createRentalExpiryNotices>;
