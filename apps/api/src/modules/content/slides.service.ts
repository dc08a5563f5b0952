import {
  ContentLimits,
  pickText,
  type TAdminSlide,
  type TLanguage,
  type TSlide,
  uploadUrlOf,
  type ZSlideInput,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { SliderImagesTable } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { UploadService } from '../uploads/uploads.service';

type Row = Selectable<SliderImagesTable>;
type SlideInput = z.output<typeof ZSlideInput>;

function slideOf(row: Row, lang: TLanguage): TSlide {
  return {
    id: row.id,
    imageUrl: uploadUrlOf(row.upload_id),
    alt: pickText(row.alt, lang),
    link: row.link,
    position: row.position,
  };
}

function adminSlideOf(row: Row): TAdminSlide {
  return {
    ...slideOf(row, 'en-US'),
    alt: row.alt,
    uploadId: row.upload_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** The home page's slider images (Main/sliderImgs), in the admin's order. */
export function createSlideService({ db, uploads }: { db: Db; uploads: Pick<UploadService, 'claim'> }) {
  const ordered = () =>
    db.selectFrom('slider_images').selectAll().orderBy('position').orderBy('created_at').orderBy('id');

  return {
    /** The slides with their descriptions in `lang`, English where that one was not written. */
    list: async (lang: TLanguage): Promise<TSlide[]> =>
      (await ordered().limit(ContentLimits.sliderMax).execute()).map((row) => slideOf(row, lang)),

    adminList: async (): Promise<{ items: TAdminSlide[] }> => ({
      items: (await ordered().execute()).map(adminSlideOf),
    }),

    create: (actor: Actor, input: SlideInput): Promise<TAdminSlide> =>
      db.transaction().execute(async (trx) => {
        await uploads.claim(trx, { ids: [input.uploadId], ownerId: actor.memberId, purpose: 'slider' });
        const row = await trx
          .insertInto('slider_images')
          .values({
            upload_id: input.uploadId,
            alt: JSON.stringify(input.alt),
            link: input.link,
            position: input.position,
            created_by: actor.memberId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.slide.create',
          subject: `slide:${row.id}`,
          detail: { uploadId: row.upload_id, alt: row.alt['en-US'], link: row.link, position: row.position },
        });
        return adminSlideOf(row);
      }),

    update: (actor: Actor, id: string, input: SlideInput): Promise<TAdminSlide> =>
      db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('slider_images')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('CONTENT_NOT_FOUND');
        if (input.uploadId !== before.upload_id) {
          await uploads.claim(trx, { ids: [input.uploadId], ownerId: actor.memberId, purpose: 'slider' });
        }
        const row = await trx
          .updateTable('slider_images')
          .set({
            upload_id: input.uploadId,
            alt: JSON.stringify(input.alt),
            link: input.link,
            position: input.position,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'content.slide.update',
          subject: `slide:${id}`,
          detail: {
            before: {
              uploadId: before.upload_id,
              alt: before.alt['en-US'],
              link: before.link,
              position: before.position,
            },
            after: { uploadId: row.upload_id, alt: row.alt['en-US'], link: row.link, position: row.position },
          },
        });
        return adminSlideOf(row);
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('slider_images')
          .where('id', '=', id)
          .returning(['upload_id'])
          .executeTakeFirst();
        if (!gone) throw new AppError('CONTENT_NOT_FOUND');
        await recordAudit(trx, actor, {
          action: 'content.slide.delete',
          subject: `slide:${id}`,
          detail: { uploadId: gone.upload_id },
        });
      }),
  };
}

export type SlideService = ReturnType<typeof createSlideService>;
