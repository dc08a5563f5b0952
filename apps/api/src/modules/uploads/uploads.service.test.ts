import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadLimits } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import {
  CAMERA_MAKE,
  elfBytes,
  exeBytes,
  fakeJpeg,
  hasGpsTag,
  pdfBytes,
  phoneJpeg,
  picture,
} from '../../../test/upload-fixtures';
import type { Db } from '../../db/database';
import { createUploadService, type UploadService } from './uploads.service';

let db: Db;
let drop: () => Promise<void>;
let dir: string;
let uploads: UploadService;
let alice: string;
let bob: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  dir = await mkdtemp(join(tmpdir(), 'uploads-service-'));
  uploads = createUploadService({ db, dir });
  alice = await makeMember(db, 'upalice');
  bob = await makeMember(db, 'upbob');
});
afterAll(async () => {
  await drop();
  await rm(dir, { recursive: true, force: true });
});

const rowOf = (id: string) =>
  db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countRows = async () =>
  Number(
    (
      await db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The stored bytes of an upload, read back from the folder. */
async function storedBytes(id: string): Promise<Buffer> {
  return readFile(join(dir, (await rowOf(id)).stored_name));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return (error as { code?: string } | null)?.code ?? 'accepted';
}

describe('storeImage', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/webp', 'webp'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('takes a %s picture, decodes and re-encodes it as %s', async (format, type, extension) => {
    const stored = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture(format) });
    expect(stored.url).toBe(`/api/uploads/${stored.id}`);
    const row = await rowOf(stored.id);
    expect(row).toMatchObject({
      owner_member_id: alice,
      purpose: 'kyc',
      visibility: 'private',
      content_type: type,
      width: 40,
      height: 20,
      original_name: null,
      claimed_at: null,
    });
    // The server-made name, never the client's; only the server's user may read the file.
    expect(row.stored_name).toBe(`${stored.id}.${extension}`);
    expect((await stat(join(dir, row.stored_name))).mode & 0o777).toBe(0o600);
    const meta = await sharp(await storedBytes(stored.id)).metadata();
    expect(meta.format).toBe(type === 'image/jpeg' ? 'jpeg' : 'webp');
    expect(row.byte_size).toBe((await storedBytes(stored.id)).length);
  });

  it('drops EXIF (GPS position, camera) and turns the picture upright first', async () => {
    const original = await phoneJpeg(40, 20);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif && hasGpsTag(before.exif)).toBe(true);
    expect(original.includes(CAMERA_MAKE)).toBe(true);

    const stored = await uploads.storeImage({ ownerId: alice, purpose: 'avatar', data: original });
    const bytes = await storedBytes(stored.id);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes(CAMERA_MAKE)).toBe(false);
    // Orientation 6 means "turn 90°": the 40x20 sensor picture is shown 20 wide and 40 high.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect((await rowOf(stored.id)).visibility).toBe('public');
  });

  it('scales a huge picture down to the longest side allowed', async () => {
    const big = await picture('png', 4000, 1000);
    const stored = await uploads.storeImage({ ownerId: alice, purpose: 'news', data: big });
    const row = await rowOf(stored.id);
    expect([row.width, row.height]).toEqual([UploadLimits.imageMaxSide, UploadLimits.imageMaxSide / 4]);
  });

  it.each([
    ['a text file named .jpg', () => Buffer.from('hello, I am a text file pretending to be a photo')],
    ['an ELF executable', elfBytes],
    ['a Windows executable', exeBytes],
    ['a PDF', pdfBytes],
    ['bytes that start like a JPEG but do not decode', fakeJpeg],
  ])('refuses %s with UPLOAD_NOT_IMAGE and stores nothing', async (_name, bytes) => {
    const rows = await countRows();
    const files = (await readdir(dir)).length;
    expect(await refusal(uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: bytes() }))).toBe(
      'UPLOAD_NOT_IMAGE',
    );
    expect(await countRows()).toBe(rows);
    expect((await readdir(dir)).length).toBe(files);
  });

  it('refuses a file over the size limit with UPLOAD_TOO_LARGE and stores nothing', async () => {
    const rows = await countRows();
    const files = (await readdir(dir)).length;
    const tooLarge = Buffer.concat([await picture('jpeg'), Buffer.alloc(UploadLimits.imageMaxBytes)]);
    expect(await refusal(uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: tooLarge }))).toBe(
      'UPLOAD_TOO_LARGE',
    );
    expect(await countRows()).toBe(rows);
    expect((await readdir(dir)).length).toBe(files);
  });

  it('refuses a decompression bomb (a small file of too many pixels) before decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(UploadLimits.imageMaxBytes);
    expect(await refusal(uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: bomb }))).toBe(
      'UPLOAD_TOO_LARGE',
    );
  });
});

describe('storeDocument', () => {
  it('keeps a PDF as sent, with a cleaned display name', async () => {
    const stored = await uploads.storeDocument({
      ownerId: alice,
      purpose: 'file',
      data: pdfBytes(),
      fileName: '../../etc/Annual "report"\u202e2024.exe',
    });
    const row = await rowOf(stored.id);
    expect(row).toMatchObject({
      content_type: 'application/pdf',
      width: null,
      height: null,
      visibility: 'public',
    });
    expect(row.original_name).toBe('Annual report2024.pdf');
    expect(row.stored_name).toBe(`${stored.id}.pdf`);
    expect((await storedBytes(stored.id)).equals(pdfBytes())).toBe(true);
  });

  it('refuses anything but a PDF with UPLOAD_NOT_PDF', async () => {
    const data = await picture('png');
    expect(
      await refusal(uploads.storeDocument({ ownerId: alice, purpose: 'file', data, fileName: 'x.pdf' })),
    ).toBe('UPLOAD_NOT_PDF');
  });
});

describe('claim', () => {
  const claimIn = (ids: string[], ownerId: string | null, purpose: 'kyc' | 'support') =>
    db.transaction().execute((trx) => uploads.claim(trx, { ids, ownerId, purpose }));

  it("claims the owner's uploads of that purpose in the caller's transaction", async () => {
    const a = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('jpeg') });
    const b = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('png') });
    await claimIn([a.id, b.id], alice, 'kyc');
    expect((await rowOf(a.id)).claimed_at).toBeInstanceOf(Date);
    expect((await rowOf(b.id)).claimed_at).toBeInstanceOf(Date);
    // Saving the same form again with the same picture is fine, and keeps the first claim time.
    const first = (await rowOf(a.id)).claimed_at;
    await claimIn([a.id], alice, 'kyc');
    expect((await rowOf(a.id)).claimed_at).toEqual(first);
  });

  it("refuses another member's upload, a wrong purpose or an unknown id, and claims none of the batch", async () => {
    const mine = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('jpeg') });
    const bobs = await uploads.storeImage({ ownerId: bob, purpose: 'kyc', data: await picture('jpeg') });
    const support = await uploads.storeImage({
      ownerId: alice,
      purpose: 'support',
      data: await picture('jpeg'),
    });
    expect(await refusal(claimIn([mine.id, bobs.id], alice, 'kyc'))).toBe('UPLOAD_NOT_FOUND');
    expect(await refusal(claimIn([support.id], alice, 'kyc'))).toBe('UPLOAD_NOT_FOUND');
    expect(await refusal(claimIn(['00000000-0000-4000-8000-000000000000'], alice, 'kyc'))).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect(await refusal(claimIn([mine.id], null, 'kyc'))).toBe('UPLOAD_NOT_FOUND');
    for (const id of [mine.id, bobs.id, support.id]) expect((await rowOf(id)).claimed_at).toBeNull();
  });

  it('is undone with the transaction that made it', async () => {
    const upload = await uploads.storeImage({
      ownerId: bob,
      purpose: 'support',
      data: await picture('webp'),
    });
    const failed = db.transaction().execute(async (trx) => {
      await uploads.claim(trx, { ids: [upload.id], ownerId: bob, purpose: 'support' });
      throw new Error('the message insert failed');
    });
    await expect(failed).rejects.toThrow('the message insert failed');
    expect((await rowOf(upload.id)).claimed_at).toBeNull();
  });
});

describe('read', () => {
  it('gives a private upload to its owner and to admins only; others are told it does not exist', async () => {
    const stored = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('jpeg') });
    const owner = await uploads.read(stored.id, { memberId: alice, role: 'member' });
    expect(owner).toMatchObject({ contentType: 'image/jpeg', isPublic: false, fileName: null });
    expect(owner.data.equals(await storedBytes(stored.id))).toBe(true);
    await expect(uploads.read(stored.id, { memberId: bob, role: 'admin' })).resolves.toBeTruthy();
    expect(await refusal(uploads.read(stored.id, { memberId: bob, role: 'member' }))).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect(await refusal(uploads.read(stored.id, null))).toBe('UPLOAD_NOT_FOUND');
  });

  it('gives a public upload to anyone', async () => {
    const stored = await uploads.storeImage({
      ownerId: alice,
      purpose: 'slider',
      data: await picture('png'),
    });
    await expect(uploads.read(stored.id, { memberId: bob, role: 'member' })).resolves.toMatchObject({
      isPublic: true,
    });
  });
});

describe('removeAbandoned', () => {
  it('deletes old unclaimed uploads with their files, and keeps claimed and recent ones', async () => {
    const abandoned = await uploads.storeImage({
      ownerId: alice,
      purpose: 'kyc',
      data: await picture('jpeg'),
    });
    const used = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('jpeg') });
    const fresh = await uploads.storeImage({ ownerId: alice, purpose: 'kyc', data: await picture('jpeg') });
    await db
      .transaction()
      .execute((trx) => uploads.claim(trx, { ids: [used.id], ownerId: alice, purpose: 'kyc' }));
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await db
      .updateTable('uploads')
      .set({ created_at: weekAgo })
      .where('id', 'in', [abandoned.id, used.id])
      .execute();
    const abandonedFile = join(dir, (await rowOf(abandoned.id)).stored_name);

    const before = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    expect(await uploads.removeAbandoned(before)).toBe(1);
    const left = await db
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', [abandoned.id, used.id, fresh.id])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([used.id, fresh.id].sort());
    expect(await stat(abandonedFile).catch(() => 'gone')).toBe('gone');
    await expect(storedBytes(used.id)).resolves.toBeInstanceOf(Buffer);
  });
});
