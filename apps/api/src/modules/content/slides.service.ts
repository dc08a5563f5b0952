import {
  ContentLimits,
  pickText,
  pickTranslated,
  type TAdminSlide,
  type TLanguage,
  type TSlide,
  type TTranslations,
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

/** Every picture a slide shows, English first: what the admin must own and what the audit log names. */
const picturesOf = (slide: { upload_id: string; upload_translations: TTranslations }) => [
  slide.upload_id,
  ...Object.values(slide.upload_translations),
];
const picturesOfInput = (input: SlideInput) =>
  picturesOf({ upload_id: input.uploadId, upload_translations: input.uploadTranslations });

/** The slide as a member sees it: the picture and its description in `lang`, English where that has none. */
function slideOf(row: Row, lang: TLanguage): TSlide {
  return {
    id: row.id,
    imageUrl: uploadUrlOf(pickTranslated(row.upload_id, row.upload_translations, lang)),
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
    uploadTranslations: row.upload_translations,
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
        await uploads.claim(trx, { ids: picturesOfInput(input), ownerId: actor.memberId, purpose: 'slider' });
        const row = await trx
          .insertInto('slider_images')
          .values({
            upload_id: input.uploadId,
            upload_translations: JSON.stringify(input.uploadTranslations),
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
          detail: {
            uploadIds: picturesOf(row),
            alt: row.alt['en-US'],
            link: row.link,
            position: row.position,
          },
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
        // A picture the slide already shows is its own; only the admin's new ones are claimed.
        const kept = new Set(picturesOf(before));
        const fresh = picturesOfInput(input).filter((id) => !kept.has(id));
        await uploads.claim(trx, { ids: fresh, ownerId: actor.memberId, purpose: 'slider' });
        const row = await trx
          .updateTable('slider_images')
          .set({
            upload_id: input.uploadId,
            upload_translations: JSON.stringify(input.uploadTranslations),
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
              uploadIds: picturesOf(before),
              alt: before.alt['en-US'],
              link: before.link,
              position: before.position,
            },
            after: {
              uploadIds: picturesOf(row),
              alt: row.alt['en-US'],
              link: row.link,
              position: row.position,
            },
          },
        });
        return adminSlideOf(row);
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('slider_images')
          .where('id', '=', id)
          .returning(['upload_id', 'upload_translations'])
          .executeTakeFirst();
        if (!gone) throw new AppError('CONTENT_NOT_FOUND');
        await recordAudit(trx, actor, {
          action: 'content.slide.delete',
          subject: `slide:${id}`,
          detail: { uploadIds: picturesOf(gone) },
        });
      }),
  };
}

export type SlideService = ReturnType<typeof createSlideService>;
