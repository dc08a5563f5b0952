import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isPrivateUpload,
  isStaffRole,
  type TRole,
  UploadLimits,
  type UploadPurpose,
  uploadMaxBytes,
  uploadUrlOf,
} from '@app/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import { type AnyDb, own } from '../../db/tables';
import { AppError } from '../../platform/errors';
import { detectFileKind, type ImageKind } from './file-kind';
import { displayFileName } from './file-name';

export interface StoredUpload {
  id: string;
  url: string;
}

export interface UploadServiceDeps {
  db: AnyDb;
  /** The private folder the bytes live in (`<DATA_DIR>/uploads`); never served statically. */
  dir: string;
}

/** Who asks to read an upload: null when nobody is signed in. */
export type UploadViewer = { memberId: string; role: TRole } | null;

/** An upload's bytes and what to tell the browser about them. */
export interface UploadFile {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/webp' | 'application/pdf';
  isPublic: boolean;
  /** Documents only: the sanitised name the uploader gave, for the download. */
  fileName: string | null;
}

interface NewUpload {
  ownerId: string | null;
  purpose: UploadPurpose;
  bytes: Buffer;
  extension: 'jpg' | 'webp' | 'pdf';
  contentType: UploadFile['contentType'];
  width: number | null;
  height: number | null;
  originalName: string | null;
}

/**
 * A picture decoded and encoded again: what survives is pixels only. EXIF (GPS position, camera, time),
 * ICC-less colour profiles, comments and anything appended after the image data are gone, and a file that
 * only claims to be a picture fails to decode. JPEG stays JPEG; PNG and WebP become WebP, which keeps
 * transparency at a fraction of PNG's size.
 */
async function reencode(data: Buffer, kind: ImageKind) {
  const input = sharp(data, { limitInputPixels: UploadLimits.imageMaxPixels, failOn: 'error' });
  const meta = await input.metadata();
  if (meta.format !== kind)
    throw new AppError('UPLOAD_NOT_IMAGE', `bytes say ${kind}, decoder ${meta.format}`);
  const pipeline = input
    // Turns the picture upright by its EXIF orientation before that tag is dropped with the rest.
    .rotate()
    .resize({
      width: UploadLimits.imageMaxSide,
      height: UploadLimits.imageMaxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const encoded =
    kind === 'jpeg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : pipeline.webp({ quality: 90, alphaQuality: 100 });
  const { data: bytes, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes, width: info.width, height: info.height, jpeg: kind === 'jpeg' };
}

/** sharp's words for "the bytes are not a picture it can decode" and "too many pixels". */
function decodeError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError('UPLOAD_TOO_LARGE', 'Picture has too many pixels');
  return new AppError('UPLOAD_NOT_IMAGE', 'Picture could not be decoded');
}

function checkSize(purpose: UploadPurpose, data: Buffer): void {
  if (data.length === 0) throw new AppError('UPLOAD_FILE_MISSING', 'The file is empty');
  const max = uploadMaxBytes(purpose);
  if (data.length > max)
    throw new AppError('UPLOAD_TOO_LARGE', `Larger than ${max} bytes`, { maxBytes: max });
}

/** Uploaded pictures and documents: checked, cleaned, stored privately, and handed out by the access rules. */
export function createUploadService(deps: UploadServiceDeps) {
  const db = own<'uploads'>(deps.db);
  const { dir } = deps;
  let dirReady: Promise<unknown> | undefined;

  /** Writes the bytes under a fresh server-made name, then records them; no row without its file. */
  async function save(upload: NewUpload): Promise<StoredUpload> {
    dirReady ??= mkdir(dir, { recursive: true, mode: 0o700 });
    await dirReady;
    const id = randomUUID();
    const storedName = `${id}.${upload.extension}`;
    const path = join(dir, storedName);
    // 'wx': never overwrite; 0600: only the server's own user reads uploads.
    await writeFile(path, upload.bytes, { mode: 0o600, flag: 'wx' });
    try {
      await db
        .insertInto('uploads')
        .values({
          id,
          owner_member_id: upload.ownerId,
          purpose: upload.purpose,
          visibility: isPrivateUpload(upload.purpose) ? 'private' : 'public',
          stored_name: storedName,
          content_type: upload.contentType,
          byte_size: upload.bytes.length,
          width: upload.width,
          height: upload.height,
          original_name: upload.originalName,
        })
        .execute();
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
    return { id, url: uploadUrlOf(id) };
  }

  return {
    /** A picture (JPEG, PNG or WebP by its bytes, whatever its name or declared type says), re-encoded. */
    async storeImage(input: {
      ownerId: string | null;
      purpose: UploadPurpose;
      data: Buffer;
    }): Promise<StoredUpload> {
      checkSize(input.purpose, input.data);
      const kind = detectFileKind(input.data);
      if (kind === 'pdf' || kind === null)
        throw new AppError('UPLOAD_NOT_IMAGE', 'Not a JPEG, PNG or WebP picture');
      const image = await reencode(input.data, kind).catch((error: unknown) => {
        throw decodeError(error);
      });
      return save({
        ownerId: input.ownerId,
        purpose: input.purpose,
        bytes: image.bytes,
        extension: image.jpeg ? 'jpg' : 'webp',
        contentType: image.jpeg ? 'image/jpeg' : 'image/webp',
        width: image.width,
        height: image.height,
        originalName: null,
      });
    },

    /**
     * A PDF, stored as sent: it is only ever served as a download (attachment, sandboxed), never rendered
     * by our pages. The client's file name is kept as display text only, cleaned of paths and controls.
     */
    async storeDocument(input: {
      ownerId: string | null;
      purpose: 'file';
      data: Buffer;
      fileName: string;
    }): Promise<StoredUpload> {
      checkSize(input.purpose, input.data);
      if (detectFileKind(input.data) !== 'pdf') throw new AppError('UPLOAD_NOT_PDF', 'Not a PDF document');
      return save({
        ownerId: input.ownerId,
        purpose: input.purpose,
        bytes: input.data,
        extension: 'pdf',
        contentType: 'application/pdf',
        width: null,
        height: null,
        originalName: displayFileName(input.fileName, 'pdf'),
      });
    },

    /**
     * Attaches uploads to the record being saved in `trx` (a KYC submission, a news item, a chat message).
     * Each id must be an upload of `ownerId` with `purpose`; otherwise nothing is claimed and the whole
     * transaction fails with UPLOAD_NOT_FOUND (also for another member's upload: ids cannot be probed).
     * Claiming one's own upload again is allowed (a form saved twice with the same picture), and keeps the
     * first claim time.
     */
    async claim(
      trx: AnyDb,
      input: { ids: string[]; ownerId: string | null; purpose: UploadPurpose },
    ): Promise<void> {
      const ids = [...new Set(input.ids)];
      if (ids.length === 0) return;
      const claimed = await own<'uploads'>(trx)
        .updateTable('uploads')
        .set({ claimed_at: sql<Date>`coalesce(claimed_at, now())` })
        .where('id', 'in', ids)
        .where('purpose', '=', input.purpose)
        .where((eb) =>
          input.ownerId === null
            ? eb('owner_member_id', 'is', null)
            : eb('owner_member_id', '=', input.ownerId),
        )
        .returning('id')
        .execute();
      if (claimed.length !== ids.length) {
        throw new AppError('UPLOAD_NOT_FOUND', 'Upload not found', {
          missing: ids.filter((id) => !claimed.some((c) => c.id === id)),
        });
      }
    },

    /**
     * The bytes of an upload the viewer may see: public ones to anyone, private ones (KYC, support) to
     * their owner and to admins. Everyone else gets UPLOAD_NOT_FOUND, the same as for an unknown id.
     */
    async read(id: string, viewer: UploadViewer): Promise<UploadFile> {
      const row = await db
        .selectFrom('uploads')
        .select(['owner_member_id', 'visibility', 'stored_name', 'content_type', 'original_name'])
        .where('id', '=', id)
        .executeTakeFirst();
      const isPublic = row?.visibility === 'public';
      const mayRead =
        row &&
        (isPublic ||
          (viewer !== null && isStaffRole(viewer.role)) ||
          (viewer !== null && row.owner_member_id !== null && row.owner_member_id === viewer.memberId));
      if (!row || !mayRead) throw new AppError('UPLOAD_NOT_FOUND', 'Upload not found');
      const data = await readFile(join(dir, row.stored_name)).catch(() => {
        throw new AppError('UPLOAD_NOT_FOUND', 'Upload file is missing');
      });
      return { data, contentType: row.content_type, isPublic, fileName: row.original_name };
    },

    /**
     * Deletes uploads that nothing claimed and that were made before `before` (a form left unsent), rows
     * and files. Claimed uploads are never touched.
     */
    async removeAbandoned(before: Date): Promise<number> {
      const removed = await db
        .deleteFrom('uploads')
        .where('claimed_at', 'is', null)
        .where('created_at', '<', before)
        .returning('stored_name')
        .execute();
      await Promise.all(removed.map((r) => unlink(join(dir, r.stored_name)).catch(() => undefined)));
      return removed.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
