import { readdir } from 'node:fs/promises';
import { type TStoredUpload, UploadLimits } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, ORIGIN, type TestApp } from '../../../test/test-app';
import { elfBytes, pdfBytes, phoneJpeg, picture } from '../../../test/upload-fixtures';

let t: TestApp;
let alice: Client;
let bobby: Client;
let admin: Client;
let anonymous: Client;

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  await alice.login('alice01');
  bobby = new Client(t.app);
  await bobby.login('bobby01');
  admin = new Client(t.app);
  await admin.loginAdmin();
  anonymous = new Client(t.app);
});
afterAll(() => t.close());

/** A browser's multipart body: the file part under `file`, with whatever name and type the sender claims. */
async function multipart(data: Buffer, fileName: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(data)], { type }), fileName);
  const request = new Request(ORIGIN, { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(
  client: Client,
  purpose: string,
  data: Buffer,
  fileName = 'photo.jpg',
  type = 'image/jpeg',
) {
  const body = await multipart(data, fileName, type);
  return client.call<TStoredUpload & { code?: string }>(
    'POST',
    `/api/uploads?purpose=${purpose}`,
    body.payload,
    {
      'content-type': body.contentType,
    },
  );
}

/** GET of an upload, with its raw bytes (Client parses JSON, which these are not). */
async function fetchUpload(client: Client, id: string) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (client.cookie) headers.cookie = `__Host-sid=${client.cookie}`;
  const response = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countFiles = async () => (await readdir(t.uploadsDir).catch(() => [])).length;

describe('POST /api/uploads', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'stores a %s picture re-encoded and answers its id and url',
    async (format) => {
      const reply = await upload(alice, 'kyc', await picture(format), `id-card.${format}`, `image/${format}`);
      expect(reply.status).toBe(200);
      expect(reply.body.url).toBe(`/api/uploads/${reply.body.id}`);
      const served = await fetchUpload(alice, reply.body.id);
      expect(served.status).toBe(200);
      const meta = await sharp(served.bytes).metadata();
      expect(meta.format).toBe(format === 'jpeg' ? 'jpeg' : 'webp');
      expect([meta.width, meta.height]).toEqual([40, 20]);
    },
  );

  it('takes a 1 MB picture: the multipart stream is not held to the 64 KiB JSON body limit', async () => {
    // Random pixels do not compress: a PNG of about 1 MB.
    const noise = Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1_000_000);
    const reply = await upload(alice, 'avatar', big, 'big.png', 'image/png');
    expect(reply.status).toBe(200);
  });

  it('serves the picture without the EXIF it came with', async () => {
    const reply = await upload(alice, 'avatar', await phoneJpeg());
    const served = await fetchUpload(bobby, reply.body.id);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
  });

  it('takes the purpose from a form field sent before the file too', async () => {
    const body = await multipart(await picture('png'), 'a.png', 'image/png', { purpose: 'support' });
    const reply = await alice.call('POST', '/api/uploads', body.payload, {
      'content-type': body.contentType,
    });
    expect(reply.status).toBe(200);
    const row = await t.db
      .selectFrom('uploads')
      .select('purpose')
      .where('id', '=', String(reply.body.id))
      .executeTakeFirst();
    expect(row?.purpose).toBe('support');
  });

  it.each([
    [
      'a text file renamed .jpg',
      Buffer.from('just some text, honestly'),
      'holiday.jpg',
      'image/jpeg',
      400,
      'UPLOAD_NOT_IMAGE',
    ],
    ['an ELF executable renamed .png', elfBytes(), 'cat.png', 'image/png', 400, 'UPLOAD_NOT_IMAGE'],
    [
      'a picture over the size limit',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(UploadLimits.imageMaxBytes)]),
      'huge.jpg',
      'image/jpeg',
      413,
      'UPLOAD_TOO_LARGE',
    ],
  ])('refuses %s, storing nothing (no row, no file)', async (_name, data, fileName, type, status, code) => {
    const rows = await countRows();
    const files = await countFiles();
    const reply = await upload(alice, 'kyc', data, fileName, type);
    expect([reply.status, reply.body.code]).toEqual([status, code]);
    expect(await countRows()).toBe(rows);
    expect(await countFiles()).toBe(files);
  });

  it('refuses a request without a file or without a purpose', async () => {
    const json = await alice.post('/api/uploads?purpose=kyc', { file: 'aGVsbG8=' });
    expect([json.status, json.body.code]).toEqual([400, 'UPLOAD_FILE_MISSING']);
    const body = await multipart(await picture('png'), 'a.png', 'image/png');
    const noPurpose = await alice.call('POST', '/api/uploads', body.payload, {
      'content-type': body.contentType,
    });
    expect([noPurpose.status, noPurpose.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await upload(alice, 'passport', await picture('png'));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('lets members upload kyc, avatar and support pictures only; admins may upload news, slides and files', async () => {
    const rows = await countRows();
    for (const purpose of ['news', 'slider', 'file', 'mining_package']) {
      const refused = await upload(alice, purpose, await picture('png'));
      expect([purpose, refused.status, refused.body.code]).toEqual([
        purpose,
        403,
        'UPLOAD_PURPOSE_NOT_ALLOWED',
      ]);
    }
    expect(await countRows()).toBe(rows);
    expect((await upload(admin, 'news', await picture('png'))).status).toBe(200);
    expect((await upload(admin, 'slider', await picture('webp'))).status).toBe(200);
    expect((await upload(admin, 'mining_package', await picture('png'))).status).toBe(200);
    const pdf = await upload(admin, 'file', pdfBytes(), 'Price list 2025.pdf', 'application/pdf');
    expect(pdf.status).toBe(200);
    const notPdf = await upload(admin, 'file', await picture('png'), 'fake.pdf', 'application/pdf');
    expect([notPdf.status, notPdf.body.code]).toEqual([400, 'UPLOAD_NOT_PDF']);
  });

  it('refuses a signed-out caller, and a cross-site form post carrying the cookie', async () => {
    const reply = await upload(anonymous, 'kyc', await picture('png'));
    expect([reply.status, reply.body.code]).toEqual([401, 'SESSION_INVALID']);
    const body = await multipart(await picture('png'), 'a.png', 'image/png');
    const crossSite = await alice.call('POST', '/api/uploads?purpose=kyc', body.payload, {
      'content-type': body.contentType,
      origin: 'https://evil.example',
    });
    expect([crossSite.status, crossSite.body.code]).toEqual([403, 'ORIGIN_REJECTED']);
  });
});

describe('GET /api/uploads/:id', () => {
  it('serves a private picture to its owner and to admins; a stranger gets 404, a signed-out caller 401', async () => {
    const { body } = await upload(alice, 'kyc', await picture('jpeg'));
    const owner = await fetchUpload(alice, body.id);
    expect(owner.status).toBe(200);
    expect(owner.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=3600',
    });
    expect(String(owner.headers['content-security-policy'])).toContain('sandbox');
    expect((await fetchUpload(admin, body.id)).status).toBe(200);
    const stranger = await fetchUpload(bobby, body.id);
    expect([stranger.status, stranger.json().code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    // The same answer as for an id that does not exist: ids cannot be probed.
    const unknown = await fetchUpload(bobby, '00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.json().code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    expect((await fetchUpload(anonymous, body.id)).status).toBe(401);
  });

  it('serves a public picture to every signed-in member, cacheable', async () => {
    const { body } = await upload(alice, 'avatar', await picture('png'));
    const served = await fetchUpload(bobby, body.id);
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=86400',
    });
  });

  it('serves a PDF as a download under its name (ASCII fallback and UTF-8)', async () => {
    const { body } = await upload(admin, 'file', pdfBytes(), 'Prix été 2025.pdf', 'application/pdf');
    const served = await fetchUpload(alice, body.id);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Prix _t_ 2025.pdf"; filename*=UTF-8''${encodeURIComponent('Prix été 2025.pdf')}`,
    );
    expect(served.bytes.equals(pdfBytes())).toBe(true);
  });
});
