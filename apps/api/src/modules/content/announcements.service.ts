import {
  DefaultLanguage,
  pickText,
  type TAdminAnnouncement,
  type TAnnouncement,
  type TLanguage,
  type ZAnnouncementInput,
} from '@app/contracts';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AnnouncementsTable } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';

type Row = Selectable<AnnouncementsTable>;
type AnnouncementInput = z.output<typeof ZAnnouncementInput>;

/** How many an admin's list shows: the marquee is a handful of lines, not an archive. */
const ADMIN_LIST_LIMIT = 200;

function adminItemOf(row: Row, now: Date): TAdminAnnouncement {
  return {
    id: row.id,
    text: row.text,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    active: row.starts_at <= now && (row.ends_at === null || now < row.ends_at),
    createdAt: row.created_at.toISOString(),
  };
}

/** The home page's marquee lines (Logon/getAnnouncement), each shown inside its time window. */
export function createAnnouncementService({ db }: { db: Db }) {
  return {
    /** Inside their window now, newest first, each in `lang` or else in English. */
    active: async (lang: TLanguage): Promise<TAnnouncement[]> => {
      const rows = await db
        .selectFrom('announcements')
        .select(['id', 'text'])
        .where('starts_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
        .orderBy('starts_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        text: pickText(r.text, lang),
        language: r.text[lang] ? lang : DefaultLanguage,
      }));
    },

    adminList: async (): Promise<{ items: TAdminAnnouncement[] }> => {
      const rows = await db
        .selectFrom('announcements')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(ADMIN_LIST_LIMIT)
        .execute();
      const now = new Date();
      return { items: rows.map((r) => adminItemOf(r, now)) };
    },

    create: (actor: Actor, input: AnnouncementInput): Promise<TAdminAnnouncement> =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('announcements')
          .values({
            text: JSON.stringify(input.text),
            ...(input.startsAt ? { starts_at: input.startsAt } : {}),
            ends_at: input.endsAt ? new Date(input.endsAt) : null,
            created_by: actor.memberId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.announcement.create',
          subject: `announcement:${row.id}`,
          detail: { text: row.text },
        });
        return adminItemOf(row, new Date());
      }),

    update: (actor: Actor, id: string, input: AnnouncementInput): Promise<TAdminAnnouncement> =>
      db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('announcements')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('CONTENT_NOT_FOUND');
        const row = await trx
          .updateTable('announcements')
          .set({
            text: JSON.stringify(input.text),
            starts_at: input.startsAt ?? before.starts_at,
            ends_at: input.endsAt ? new Date(input.endsAt) : null,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.announcement.update',
          subject: `announcement:${id}`,
          detail: { before: before.text, after: row.text },
        });
        return adminItemOf(row, new Date());
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('announcements')
          .where('id', '=', id)
          .returning('text')
          .executeTakeFirst();
        if (!gone) throw new AppError('CONTENT_NOT_FOUND');
        await recordAudit(trx, actor, {
          action: 'content.announcement.delete',
          subject: `announcement:${id}`,
          detail: { text: gone.text },
        });
      }),
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
