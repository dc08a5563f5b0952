import {
  type TAdminContentFile,
  type TContentFile,
  uploadUrlOf,
  type ZContentFileInput,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ContentFilesTable } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { UploadService } from '../uploads/uploads.service';

type Row = Selectable<ContentFilesTable>;
type FileInput = z.output<typeof ZContentFileInput>;

/** A members' download list is short; more than this is not a list anyone reads. */
const LIST_LIMIT = 200;

function fileOf(row: Row): TContentFile {
  return {
    id: row.id,
    title: row.title,
    url: uploadUrlOf(row.upload_id),
    createdAt: row.created_at.toISOString(),
  };
}

/** Downloadable documents (Home/getAllFiles): PDFs an admin uploaded, newest first. */
export function createContentFileService({ db, uploads }: { db: Db; uploads: Pick<UploadService, 'claim'> }) {
  const newest = () =>
    db.selectFrom('content_files').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(LIST_LIMIT);

  return {
    list: async (): Promise<{ items: TContentFile[] }> => ({ items: (await newest().execute()).map(fileOf) }),

    adminList: async (): Promise<{ items: TAdminContentFile[] }> => ({
      items: (await newest().execute()).map((r) => ({ ...fileOf(r), uploadId: r.upload_id })),
    }),

    create: (actor: Actor, input: FileInput): Promise<TAdminContentFile> =>
      db.transaction().execute(async (trx) => {
        await uploads.claim(trx, { ids: [input.uploadId], ownerId: actor.memberId, purpose: 'file' });
        const row = await trx
          .insertInto('content_files')
          .values({ upload_id: input.uploadId, title: input.title, created_by: actor.memberId })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.file.create',
          subject: `file:${row.id}`,
          detail: { title: row.title, uploadId: row.upload_id },
        });
        return { ...fileOf(row), uploadId: row.upload_id };
      }),

    rename: (actor: Actor, id: string, title: string): Promise<TAdminContentFile> =>
      db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('content_files')
          .select('title')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('CONTENT_NOT_FOUND');
        const row = await trx
          .updateTable('content_files')
          .set({ title })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.file.update',
          subject: `file:${id}`,
          detail: { before: before.title, after: row.title },
        });
        return { ...fileOf(row), uploadId: row.upload_id };
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('content_files')
          .where('id', '=', id)
          .returning(['title', 'upload_id'])
          .executeTakeFirst();
        if (!gone) throw new AppError('CONTENT_NOT_FOUND');
        await recordAudit(trx, actor, {
          action: 'content.file.delete',
          subject: `file:${id}`,
          detail: { title: gone.title, uploadId: gone.upload_id },
        });
      }),
  };
}

export type ContentFileService = ReturnType<typeof createContentFileService>;
