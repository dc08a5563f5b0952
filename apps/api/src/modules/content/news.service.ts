import {
  ContentLimits,
  DefaultLanguage,
  pickText,
  type TAdminNewsItem,
  type TAdminNewsQuery,
  type TLanguage,
  type TNewsDetail,
  type TNewsItem,
  type TNewsPage,
  type TNewsQuery,
  type TPage,
  uploadUrlOf,
  type ZNewsInput,
} from '@app/contracts';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { NewsTable } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { NotificationService } from '../notifications/notifications.service';
import type { UploadService } from '../uploads/uploads.service';

type NewsRow = Selectable<NewsTable>;
type NewsInput = z.output<typeof ZNewsInput>;

/** Where a member reads one item; the link of the "important news" notification. */
export function newsLink(id: string): string {
  return `/pages/home/HomeshowOneNews?id=${id}`;
}

/** The item in `lang`: that language's title, summary and body when its title was written, else English. */
function itemOf(row: NewsRow, lang: TLanguage): TNewsItem {
  const served = row.title[lang] ? lang : DefaultLanguage;
  return {
    id: row.id,
    title: pickText(row.title, served),
    summary: pickText(row.summary, served),
    language: served,
    coverUrl: row.cover_upload_id ? uploadUrlOf(row.cover_upload_id) : null,
    important: row.important,
    // Members only ever get published rows.
    publishedAt: (row.published_at ?? row.created_at).toISOString(),
    clickCount: Number(row.click_count),
  };
}

function adminItemOf(row: NewsRow): TAdminNewsItem {
  const { language: _served, ...item } = itemOf(row, DefaultLanguage);
  return {
    ...item,
    title: row.title,
    summary: row.summary,
    body: row.body,
    coverUploadId: row.cover_upload_id,
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * News (Home/getAllNews, showOneNews, clickCount, Main/showLatestNews): members read the published items,
 * admins write drafts and publish them. Publishing an important item tells every member once.
 */
export function createNewsService(deps: {
  db: Db;
  uploads: Pick<UploadService, 'claim'>;
  notifications: Pick<NotificationService, 'broadcast'>;
}) {
  const { db, uploads, notifications } = deps;

  const published = () => db.selectFrom('news').selectAll().where('published_at', 'is not', null);

  async function lockedOrFail(trx: Db, id: string): Promise<NewsRow> {
    const row = await trx.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('NEWS_NOT_FOUND');
    return row;
  }

  /** A published important item that has not rung the bell yet does so now, in the same transaction. */
  async function announceIfImportant(trx: Db, row: NewsRow): Promise<NewsRow> {
    if (!row.important || !row.published_at || row.notified_at) return row;
    await notifications.broadcast(trx, {
      kind: 'news',
      params: { title: row.title['en-US'] },
      link: newsLink(row.id),
    });
    return trx
      .updateTable('news')
      .set({ notified_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return {
    /** The newest published items, for the home page. */
    latest: async (lang: TLanguage, limit: number = ContentLimits.latestNews): Promise<TNewsItem[]> => {
      const rows = await published().orderBy('published_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map((r) => itemOf(r, lang));
    },

    list: async (query: TNewsQuery, lang: TLanguage): Promise<TNewsPage> => {
      const rows = await published()
        .orderBy('published_at', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return { items: rows.map((r) => itemOf(r, lang)), page: query.page, pageSize: query.pageSize };
    },

    /** One published item; reading it counts one view, in the same statement (no lost updates). */
    read: async (id: string, lang: TLanguage): Promise<TNewsDetail> => {
      const row = await db
        .updateTable('news')
        .set({ click_count: sql<string>`click_count + 1` })
        .where('id', '=', id)
        .where('published_at', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('NEWS_NOT_FOUND');
      const item = itemOf(row, lang);
      return { ...item, body: pickText(row.body, item.language) };
    },

    adminList: async (query: TAdminNewsQuery): Promise<TPage<TAdminNewsItem>> => {
      let q = db.selectFrom('news').selectAll();
      if (query.status === 'published') q = q.where('published_at', 'is not', null);
      if (query.status === 'draft') q = q.where('published_at', 'is', null);
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return { items: rows.map(adminItemOf), page: query.page, pageSize: query.pageSize };
    },

    /** A new item is a draft. */
    create: (actor: Actor, input: NewsInput): Promise<TAdminNewsItem> =>
      db.transaction().execute(async (trx) => {
        if (input.coverUploadId) {
          await uploads.claim(trx, { ids: [input.coverUploadId], ownerId: actor.memberId, purpose: 'news' });
        }
        const row = await trx
          .insertInto('news')
          .values({
            title: JSON.stringify(input.title),
            summary: JSON.stringify(input.summary),
            body: JSON.stringify(input.body),
            cover_upload_id: input.coverUploadId,
            important: input.important,
            published_at: null,
            notified_at: null,
            created_by: actor.memberId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.news.create',
          subject: `news:${row.id}`,
          detail: { title: row.title['en-US'], important: row.important },
        });
        return adminItemOf(row);
      }),

    update: (actor: Actor, id: string, input: NewsInput): Promise<TAdminNewsItem> =>
      db.transaction().execute(async (trx) => {
        const before = await lockedOrFail(trx, id);
        // Only a new picture is claimed: the current one is already this item's.
        if (input.coverUploadId && input.coverUploadId !== before.cover_upload_id) {
          await uploads.claim(trx, { ids: [input.coverUploadId], ownerId: actor.memberId, purpose: 'news' });
        }
        const row = await trx
          .updateTable('news')
          .set({
            title: JSON.stringify(input.title),
            summary: JSON.stringify(input.summary),
            body: JSON.stringify(input.body),
            cover_upload_id: input.coverUploadId,
            important: input.important,
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.news.update',
          subject: `news:${id}`,
          detail: {
            before: {
              title: before.title['en-US'],
              important: before.important,
              cover: before.cover_upload_id,
            },
            after: { title: row.title['en-US'], important: row.important, cover: row.cover_upload_id },
          },
        });
        // Marking a published item important later tells members then.
        return adminItemOf(await announceIfImportant(trx, row));
      }),

    /** Publishing an already published item keeps its original date. */
    publish: (actor: Actor, id: string): Promise<TAdminNewsItem> =>
      db.transaction().execute(async (trx) => {
        const before = await lockedOrFail(trx, id);
        if (before.published_at) return adminItemOf(before);
        const row = await trx
          .updateTable('news')
          .set({ published_at: new Date(), updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.news.publish',
          subject: `news:${id}`,
          detail: { title: row.title['en-US'], important: row.important },
        });
        return adminItemOf(await announceIfImportant(trx, row));
      }),

    unpublish: (actor: Actor, id: string): Promise<TAdminNewsItem> =>
      db.transaction().execute(async (trx) => {
        const before = await lockedOrFail(trx, id);
        if (!before.published_at) return adminItemOf(before);
        const row = await trx
          .updateTable('news')
          .set({ published_at: null, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.news.unpublish',
          subject: `news:${id}`,
          detail: { title: row.title['en-US'] },
        });
        return adminItemOf(row);
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const before = await lockedOrFail(trx, id);
        await trx.deleteFrom('news').where('id', '=', id).execute();
        await recordAudit(trx, actor, {
          action: 'content.news.delete',
          subject: `news:${id}`,
          detail: { title: before.title['en-US'], clickCount: Number(before.click_count) },
        });
      }),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
