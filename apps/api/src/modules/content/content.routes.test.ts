import type {
  TAbout,
  TAdminAnnouncement,
  TAdminContentFile,
  TAdminNewsItem,
  TAdminSiteNote,
  TAdminSlide,
  TAppVersionCheck,
  TContentFile,
  THome,
  TNewsDetail,
  TNewsPage,
  TPage,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOfMember } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { pdfBytes, picture } from '../../../test/upload-fixtures';
import { createUploadService, type UploadService } from '../uploads/uploads.service';

let t: TestApp;
let admin: Client;
let member: Client;
let adminId: string;
let uploads: UploadService;

/** English only, as most tests write. */
const en = (text: string) => ({ 'en-US': text });

/** A news body; a plain string for a text is its English. */
const newsBody = (overrides: Record<string, unknown> = {}) => {
  const body: Record<string, unknown> = {
    title: 'Gate bots are live',
    summary: 'Rent a bot for Gate.',
    body: 'First paragraph.\n\nSecond paragraph.',
    important: false,
    ...overrides,
  };
  for (const key of ['title', 'summary', 'body']) {
    if (typeof body[key] === 'string') body[key] = en(body[key] as string);
  }
  return body;
};

async function count(table: 'news' | 'announcements' | 'slider_images' | 'content_files' | 'audit_log') {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything an admin can change, as text: a refused request must leave it exactly as it was. */
async function snapshot(): Promise<string> {
  const parts = [];
  for (const table of ['news', 'announcements', 'slider_images', 'content_files', 'settings', 'audit_log']) {
    const rows = await sql<{
      line: string;
    }>`SELECT t::text AS line FROM ${sql.table(table)} t ORDER BY 1`.execute(t.db);
    parts.push(rows.rows.map((r) => r.line).join('\n'));
  }
  return parts.join('\n--\n');
}

async function createNews(overrides: Record<string, unknown> = {}): Promise<TAdminNewsItem> {
  const r = await admin.post<TAdminNewsItem>('/api/admin/news', newsBody(overrides));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function publish(id: string): Promise<TAdminNewsItem> {
  const r = await admin.post<TAdminNewsItem>(`/api/admin/news/${id}/publish`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function newsBroadcasts(): Promise<Array<{ params: Record<string, unknown>; link: string | null }>> {
  return t.db
    .selectFrom('notifications')
    .select(['params', 'link'])
    .where('kind', '=', 'news')
    .where('member_id', 'is', null)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  uploads = createUploadService({ db: t.db, dir: t.uploadsDir });
  admin = new Client(t.app);
  adminId = (await admin.loginAdmin()).userid;
  member = new Client(t.app);
  member.ip = '10.0.0.2';
  await member.login('alice01');
});
afterAll(async () => {
  await t?.close();
});

describe('who may call the content routes', () => {
  it('refuses a visitor without a session on the member routes (401)', async () => {
    const visitor = new Client(t.app);
    for (const url of ['/api/home', '/api/news', `/api/news/${crypto.randomUUID()}`, '/api/files']) {
      const r = await visitor.get(url);
      expect(r.status, url).toBe(401);
      expect(r.body.code).toBe('SESSION_INVALID');
    }
  });

  it('refuses a member on every admin content route (403) and changes nothing', async () => {
    const news = await createNews();
    const before = await snapshot();
    const id = news.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/news'],
      ['POST', '/api/admin/news', newsBody()],
      ['PUT', `/api/admin/news/${id}`, newsBody()],
      ['POST', `/api/admin/news/${id}/publish`],
      ['POST', `/api/admin/news/${id}/unpublish`],
      ['DELETE', `/api/admin/news/${id}`],
      ['GET', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements', { text: en('x') }],
      ['PUT', `/api/admin/announcements/${id}`, { text: en('x') }],
      ['DELETE', `/api/admin/announcements/${id}`],
      ['GET', '/api/admin/slides'],
      ['POST', '/api/admin/slides', { uploadId: id, alt: en('x') }],
      ['PUT', `/api/admin/slides/${id}`, { uploadId: id, alt: en('x') }],
      ['DELETE', `/api/admin/slides/${id}`],
      ['GET', '/api/admin/files'],
      ['POST', '/api/admin/files', { uploadId: id, title: 'x' }],
      ['PUT', `/api/admin/files/${id}`, { title: 'x' }],
      ['DELETE', `/api/admin/files/${id}`],
      ['GET', '/api/admin/about'],
      ['PUT', '/api/admin/about', { text: en('Hacked') }],
      ['GET', '/api/admin/withdrawal-note'],
      ['PUT', '/api/admin/withdrawal-note', { text: en('Hacked') }],
      ['GET', '/api/admin/app-version'],
      [
        'PUT',
        '/api/admin/app-version',
        { currentVersion: '9', minimumVersion: '9', downloads: { android: null, ios: null } },
      ],
    ];
    for (const [method, url, body] of calls) {
      const r = await member.call(method as 'GET', url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('news', () => {
  it('keeps a draft from members until it is published, then shows it in the list, the home page and by id', async () => {
    const draft = await createNews({ title: 'Draft only for now' });
    expect(draft.publishedAt).toBeNull();

    const list = await member.get<TNewsPage>('/api/news?pageSize=50');
    expect(list.body.items.map((n) => n.id)).not.toContain(draft.id);
    const home = await member.get<THome>('/api/home');
    expect(home.body.news.map((n) => n.id)).not.toContain(draft.id);
    const one = await member.get(`/api/news/${draft.id}`);
    expect(one.status).toBe(404);
    expect(one.body.code).toBe('NEWS_NOT_FOUND');
    // The refused read counted nothing.
    const row = await t.db
      .selectFrom('news')
      .select('click_count')
      .where('id', '=', draft.id)
      .executeTakeFirst();
    expect(row?.click_count).toBe('0');

    const published = await publish(draft.id);
    expect(published.publishedAt).not.toBeNull();
    const after = await member.get<TNewsPage>('/api/news');
    expect(after.body.items[0]?.id).toBe(draft.id);
    expect((await member.get<THome>('/api/home')).body.news[0]?.id).toBe(draft.id);
    const read = await member.get<TNewsDetail>(`/api/news/${draft.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      title: 'Draft only for now',
      body: 'First paragraph.\n\nSecond paragraph.',
    });

    await admin.post(`/api/admin/news/${draft.id}/unpublish`);
    expect((await member.get(`/api/news/${draft.id}`)).status).toBe(404);
    expect((await member.get<TNewsPage>('/api/news')).body.items.map((n) => n.id)).not.toContain(draft.id);
  });

  it('counts each read once, also when members read at the same moment', async () => {
    const item = await publish((await createNews({ title: 'Counted' })).id);
    const first = await member.get<TNewsDetail>(`/api/news/${item.id}`);
    expect(first.body.clickCount).toBe(1);
    const reads = await Promise.all(
      Array.from({ length: 8 }, () => member.get<TNewsDetail>(`/api/news/${item.id}`)),
    );
    expect(reads.every((r) => r.status === 200)).toBe(true);
    expect(new Set(reads.map((r) => r.body.clickCount)).size).toBe(8);
    const list = await admin.get<TPage<TAdminNewsItem>>('/api/admin/news?pageSize=50');
    expect(list.body.items.find((n) => n.id === item.id)?.clickCount).toBe(9);
    // The member list shows the count too, and reading the list counts nothing.
    const page = await member.get<TNewsPage>('/api/news?pageSize=50');
    expect(page.body.items.find((n) => n.id === item.id)?.clickCount).toBe(9);
  });

  it('pages the published news newest first, ten to a page by default', async () => {
    await t.db.deleteFrom('news').execute();
    for (let i = 0; i < 12; i++) await publish((await createNews({ title: `Item ${i}` })).id);
    const one = await member.get<TNewsPage>('/api/news');
    expect(one.body).toMatchObject({ page: 1, pageSize: 10 });
    expect(one.body.items.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Item ${11 - i}`),
    );
    const two = await member.get<TNewsPage>('/api/news?page=2');
    expect(two.body.items.map((n) => n.title)).toEqual(['Item 1', 'Item 0']);
    const three = await member.get<TNewsPage>('/api/news?page=3');
    expect(three.body.items).toEqual([]);
    const home = await member.get<THome>('/api/home');
    expect(home.body.news.map((n) => n.title)).toEqual(['Item 11', 'Item 10', 'Item 9', 'Item 8', 'Item 7']);
  });

  it('serves a member asking in German the German texts, and English where German is missing', async () => {
    await t.db.deleteFrom('news').execute();
    const both = await publish(
      (
        await createNews({
          title: { 'en-US': 'Gate bots are live', de: 'Gate-Bots sind live' },
          summary: { 'en-US': 'Rent one.', de: 'Mieten Sie einen.' },
          body: { 'en-US': 'In English.', de: 'Auf Deutsch.', fr: '' },
        })
      ).id,
    );
    const englishOnly = await publish((await createNews({ title: 'Only in English' })).id);
    const german = { 'accept-language': 'de' };

    const page = await member.call<TNewsPage>('GET', '/api/news', undefined, german);
    expect(page.body.items.map((n) => [n.title, n.summary, n.language])).toEqual([
      ['Only in English', 'Rent a bot for Gate.', 'en-US'],
      ['Gate-Bots sind live', 'Mieten Sie einen.', 'de'],
    ]);
    const home = await member.call<THome>('GET', '/api/home', undefined, german);
    expect(home.body.news.map((n) => n.title)).toEqual(['Only in English', 'Gate-Bots sind live']);
    const read = await member.call<TNewsDetail>('GET', `/api/news/${both.id}`, undefined, german);
    expect(read.body).toMatchObject({ title: 'Gate-Bots sind live', body: 'Auf Deutsch.', language: 'de' });
    // French was left empty: a French member reads English.
    const french = await member.call<TNewsDetail>('GET', `/api/news/${both.id}`, undefined, {
      'accept-language': 'fr',
    });
    expect(french.body).toMatchObject({
      title: 'Gate bots are live',
      body: 'In English.',
      language: 'en-US',
    });
    // No header, or one the platform does not speak: English.
    expect((await member.get<TNewsDetail>(`/api/news/${both.id}`)).body.title).toBe('Gate bots are live');
    const klingon = await member.call<TNewsDetail>('GET', `/api/news/${englishOnly.id}`, undefined, {
      'accept-language': 'tlh',
    });
    expect(klingon.body.title).toBe('Only in English');
    // The admin reads every language written, the empty French left out.
    const list = await admin.get<TPage<TAdminNewsItem>>('/api/admin/news?pageSize=50');
    expect(list.body.items.find((n) => n.id === both.id)?.body).toEqual({
      'en-US': 'In English.',
      de: 'Auf Deutsch.',
    });
  });

  it('lets an admin edit one language and keeps the others', async () => {
    const item = await createNews({ title: { 'en-US': 'Hello', 'zh-CN': '你好' } });
    const edited = await admin.call<TAdminNewsItem>(
      'PUT',
      `/api/admin/news/${item.id}`,
      newsBody({ title: { 'en-US': 'Hello', 'zh-CN': '你好', de: 'Hallo' } }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.title).toEqual({ 'en-US': 'Hello', 'zh-CN': '你好', de: 'Hallo' });
    await publish(item.id);
    const zh = await member.call<TNewsDetail>('GET', `/api/news/${item.id}`, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.body.title).toBe('你好');
  });

  it('refuses a text without its English (400, CONTENT_ENGLISH_REQUIRED) and stores nothing', async () => {
    const before = await count('news');
    const noEnglish = await admin.post('/api/admin/news', newsBody({ title: { de: 'Nur Deutsch' } }));
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(noEnglish.body)).toContain('CONTENT_ENGLISH_REQUIRED');
    const emptyEnglish = await admin.post(
      '/api/admin/news',
      newsBody({ title: { 'en-US': '  ', de: 'Nur Deutsch' } }),
    );
    expect(emptyEnglish.status).toBe(400);
    expect(JSON.stringify(emptyEnglish.body)).toContain('CONTENT_ENGLISH_REQUIRED');
    const announcement = await admin.post('/api/admin/announcements', { text: { fr: 'Bonjour' } });
    expect(announcement.status).toBe(400);
    expect(JSON.stringify(announcement.body)).toContain('CONTENT_ENGLISH_REQUIRED');
    expect(await count('news')).toBe(before);
  });

  it('tells every member once when an important item is published', async () => {
    const before = (await newsBroadcasts()).length;
    const item = await createNews({ title: 'Big news', important: true });
    expect((await newsBroadcasts()).length).toBe(before);
    await publish(item.id);
    const after = await newsBroadcasts();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      params: { title: 'Big news' },
      link: `/pages/home/HomeshowOneNews?id=${item.id}`,
    });
    // Unpublished and published again: the bell does not ring twice.
    await admin.post(`/api/admin/news/${item.id}/unpublish`);
    await publish(item.id);
    expect((await newsBroadcasts()).length).toBe(before + 1);
    // An ordinary item rings no bell.
    await publish((await createNews({ title: 'Small news' })).id);
    expect((await newsBroadcasts()).length).toBe(before + 1);
    // The member sees it behind the bell.
    const bell = await member.get<{ items: Array<{ kind: string; params: Record<string, string> }> }>(
      '/api/notifications',
    );
    expect(bell.body.items.some((n) => n.kind === 'news' && n.params.title === 'Big news')).toBe(true);
  });

  it('edits, attaches a cover picture and deletes, each written to the audit log', async () => {
    const item = await createNews({ title: 'Before' });
    const cover = await uploads.storeImage({ ownerId: adminId, purpose: 'news', data: await picture('png') });
    const edited = await admin.call<TAdminNewsItem>(
      'PUT',
      `/api/admin/news/${item.id}`,
      newsBody({ title: 'After', coverUploadId: cover.id }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ title: en('After'), coverUploadId: cover.id, coverUrl: cover.url });
    // Saved again with the same picture: fine.
    const again = await admin.call(
      'PUT',
      `/api/admin/news/${item.id}`,
      newsBody({ title: 'After', coverUploadId: cover.id }),
    );
    expect(again.status).toBe(200);
    // The cover is public: a member can load it.
    await publish(item.id);
    const shown = await member.get<TNewsDetail>(`/api/news/${item.id}`);
    expect(shown.body.coverUrl).toBe(cover.url);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: cover.url,
          headers: { cookie: `__Host-sid=${member.cookie}` },
        })
      ).statusCode,
    ).toBe(200);

    const removed = await admin.del(`/api/admin/news/${item.id}`);
    expect(removed.status).toBe(200);
    expect((await member.get(`/api/news/${item.id}`)).status).toBe(404);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `news:${item.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'content.news.create',
      'content.news.update',
      'content.news.update',
      'content.news.publish',
      'content.news.delete',
    ]);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const item = await createNews();
    const foreign = await uploads.storeImage({ ownerId: null, purpose: 'news', data: await picture('png') });
    const slidePicture = await uploads.storeImage({
      ownerId: adminId,
      purpose: 'slider',
      data: await picture('png'),
    });
    const before = await snapshot();
    const cases: Array<[string, string, unknown, string, string?]> = [
      [
        'POST',
        '/api/admin/news',
        newsBody({ title: '   ' }),
        'VALIDATION_FAILED',
        'CONTENT_ENGLISH_REQUIRED',
      ],
      [
        'POST',
        '/api/admin/news',
        newsBody({ title: 'x'.repeat(121) }),
        'VALIDATION_FAILED',
        'CONTENT_TEXT_TOO_LONG',
      ],
      [
        'POST',
        '/api/admin/news',
        newsBody({ title: { 'en-US': 'Fine', de: 'x'.repeat(121) } }),
        'VALIDATION_FAILED',
        'CONTENT_TEXT_TOO_LONG',
      ],
      ['POST', '/api/admin/news', newsBody({ body: '' }), 'VALIDATION_FAILED', 'CONTENT_ENGLISH_REQUIRED'],
      ['POST', '/api/admin/news', newsBody({ title: 42 }), 'VALIDATION_FAILED'],
      ['POST', '/api/admin/news', newsBody({ coverUploadId: 'not-a-uuid' }), 'VALIDATION_FAILED'],
      // Another owner's picture, a picture of another purpose, an id that does not exist.
      ['POST', '/api/admin/news', newsBody({ coverUploadId: foreign.id }), 'UPLOAD_NOT_FOUND'],
      ['POST', '/api/admin/news', newsBody({ coverUploadId: slidePicture.id }), 'UPLOAD_NOT_FOUND'],
      [
        'PUT',
        `/api/admin/news/${item.id}`,
        newsBody({ coverUploadId: crypto.randomUUID() }),
        'UPLOAD_NOT_FOUND',
      ],
      ['PUT', `/api/admin/news/${crypto.randomUUID()}`, newsBody(), 'NEWS_NOT_FOUND'],
      ['POST', `/api/admin/news/${crypto.randomUUID()}/publish`, {}, 'NEWS_NOT_FOUND'],
      ['DELETE', `/api/admin/news/${crypto.randomUUID()}`, undefined, 'NEWS_NOT_FOUND'],
      ['DELETE', '/api/admin/news/12', undefined, 'VALIDATION_FAILED'],
    ];
    for (const [method, url, body, code, field] of cases) {
      const r = await admin.call<{ code: string; details?: { fields?: Array<{ code: string }> } }>(
        method as 'POST',
        url,
        body,
      );
      expect(r.body.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(code);
      if (field) expect(r.body.details?.fields?.[0]?.code).toBe(field);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('announcements', () => {
  it('shows on the home page only those inside their window', async () => {
    const hour = 60 * 60 * 1000;
    const make = async (text: string, startsAt: number | null, endsAt: number | null) => {
      const r = await admin.post<TAdminAnnouncement>('/api/admin/announcements', {
        text: en(text),
        startsAt: startsAt === null ? null : new Date(Date.now() + startsAt).toISOString(),
        endsAt: endsAt === null ? null : new Date(Date.now() + endsAt).toISOString(),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const now = await make('Now and for good', null, null);
    const later = await make('Tomorrow', 24 * hour, null);
    const over = await make('Was yesterday', -48 * hour, -24 * hour);
    const current = await make('This week', -hour, 7 * 24 * hour);
    const home = await member.get<THome>('/api/home');
    const shown = home.body.announcements.map((a) => a.text);
    expect(shown).toContain(now.text['en-US']);
    expect(shown).toContain(current.text['en-US']);
    expect(shown).not.toContain(later.text['en-US']);
    expect(shown).not.toContain(over.text['en-US']);
    const list = await admin.get<{ items: TAdminAnnouncement[] }>('/api/admin/announcements');
    expect(list.body.items.find((a) => a.id === later.id)?.active).toBe(false);

    const edited = await admin.call<TAdminAnnouncement>('PUT', `/api/admin/announcements/${now.id}`, {
      text: { 'en-US': 'Now, edited', de: 'Jetzt, bearbeitet' },
    });
    expect(edited.body.text).toEqual({ 'en-US': 'Now, edited', de: 'Jetzt, bearbeitet' });
    const german = await member.call<THome>('GET', '/api/home', undefined, { 'accept-language': 'de' });
    expect(german.body.announcements.find((a) => a.id === now.id)).toEqual({
      id: now.id,
      text: 'Jetzt, bearbeitet',
      language: 'de',
    });
    expect((await admin.del(`/api/admin/announcements/${over.id}`)).status).toBe(200);
    expect((await admin.del(`/api/admin/announcements/${over.id}`)).body.code).toBe('CONTENT_NOT_FOUND');
  });

  it('refuses an empty text or a window that ends before it starts, and changes nothing', async () => {
    const before = await snapshot();
    const empty = await admin.post('/api/admin/announcements', { text: en('') });
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const backwards = await admin.post<{ details: { fields: Array<{ code: string }> } }>(
      '/api/admin/announcements',
      {
        text: en('Backwards'),
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.details.fields[0]?.code).toBe('ANNOUNCEMENT_WINDOW_INVALID');
    expect(await snapshot()).toBe(before);
  });
});

describe('slider images', () => {
  it('adds slides from slider pictures, in the chosen order, and refuses bad links and other pictures', async () => {
    const a = await uploads.storeImage({ ownerId: adminId, purpose: 'slider', data: await picture('png') });
    const b = await uploads.storeImage({ ownerId: adminId, purpose: 'slider', data: await picture('jpeg') });
    const second = await admin.post<TAdminSlide>('/api/admin/slides', {
      uploadId: a.id,
      alt: en('Second'),
      position: 2,
      link: 'https://example.com/x',
    });
    const first = await admin.post<TAdminSlide>('/api/admin/slides', {
      uploadId: b.id,
      alt: en('First'),
      position: 1,
      link: '/pages/home/HomegetAllNews',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(first.status).toBe(200);
    const home = await member.get<THome>('/api/home');
    expect(home.body.slider.map((s) => s.id)).toEqual([first.body.id, second.body.id]);
    expect(home.body.slider[0]).toMatchObject({ imageUrl: b.url, link: '/pages/home/HomegetAllNews' });

    const newsPicture = await uploads.storeImage({
      ownerId: adminId,
      purpose: 'news',
      data: await picture('png'),
    });
    const before = await snapshot();
    for (const link of [
      'javascript:alert(1)',
      '//evil.example',
      'http://plain.example',
      'data:text/html,x',
    ]) {
      const r = await admin.post<{ details: { fields: Array<{ code: string }> } }>('/api/admin/slides', {
        uploadId: a.id,
        alt: en('x'),
        link,
      });
      expect(r.status, link).toBe(400);
      expect(r.body.details.fields[0]?.code).toBe('CONTENT_LINK_INVALID');
    }
    expect(
      (await admin.post('/api/admin/slides', { uploadId: newsPicture.id, alt: en('x') })).body.code,
    ).toBe('UPLOAD_NOT_FOUND');
    expect(await snapshot()).toBe(before);

    const moved = await admin.call<TAdminSlide>('PUT', `/api/admin/slides/${second.body.id}`, {
      uploadId: a.id,
      alt: en('Second'),
      position: 0,
      link: null,
    });
    expect(moved.body).toMatchObject({ position: 0, link: null });
    expect((await member.get<THome>('/api/home')).body.slider[0]?.id).toBe(second.body.id);
    expect((await admin.del(`/api/admin/slides/${first.body.id}`)).status).toBe(200);
    expect((await member.get<THome>('/api/home')).body.slider.map((s) => s.id)).toEqual([second.body.id]);
  });

  it("serves each slide's description in the member's language, English where that one is missing", async () => {
    const picture1 = await uploads.storeImage({
      ownerId: adminId,
      purpose: 'slider',
      data: await picture('png'),
    });
    const created = await admin.post<TAdminSlide>('/api/admin/slides', {
      uploadId: picture1.id,
      alt: { 'en-US': 'Bots on three exchanges', de: 'Bots auf drei Börsen', fr: '' },
      position: 900,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The admin gets every language written; an empty one is left out.
    expect(created.body.alt).toEqual({ 'en-US': 'Bots on three exchanges', de: 'Bots auf drei Börsen' });
    const altOf = async (language: string) => {
      const home = await member.call<THome>('GET', '/api/home', undefined, { 'accept-language': language });
      return home.body.slider.find((s) => s.id === created.body.id)?.alt;
    };
    expect(await altOf('de')).toBe('Bots auf drei Börsen');
    expect(await altOf('fr')).toBe('Bots on three exchanges');

    // No English: refused with the translated code, nothing stored.
    const before = await snapshot();
    for (const alt of [undefined, { de: 'Nur Deutsch' }, { 'en-US': '  ' }]) {
      const r = await admin.post('/api/admin/slides', { uploadId: picture1.id, alt });
      expect(r.status, JSON.stringify(alt)).toBe(400);
      expect(JSON.stringify(r.body)).toContain('CONTENT_ENGLISH_REQUIRED');
    }
    expect(await snapshot()).toBe(before);
    expect((await admin.del(`/api/admin/slides/${created.body.id}`)).status).toBe(200);
  });
});

describe("a slide's picture per language", () => {
  const sliderPicture = async (ownerId = adminId) =>
    uploads.storeImage({ ownerId, purpose: 'slider', data: await picture('png') });

  it("serves the picture of the member's language, the English one where that has none", async () => {
    const [english, german, chinese] = [await sliderPicture(), await sliderPicture(), await sliderPicture()];
    const created = await admin.post<TAdminSlide>('/api/admin/slides', {
      uploadId: english.id,
      uploadTranslations: { de: german.id, 'zh-CN': chinese.id, fr: '' },
      alt: en('Bots'),
      position: 901,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The admin reads every language's picture; an empty one is left out.
    expect(created.body.uploadTranslations).toEqual({ de: german.id, 'zh-CN': chinese.id });
    const imageOf = async (language: string) => {
      const home = await member.call<THome>('GET', '/api/home', undefined, { 'accept-language': language });
      return home.body.slider.find((s) => s.id === created.body.id)?.imageUrl;
    };
    expect(await imageOf('de')).toBe(german.url);
    expect(await imageOf('zh-CN')).toBe(chinese.url);
    expect(await imageOf('fr')).toBe(english.url);
    expect(await imageOf('en-US')).toBe(english.url);

    // The German picture replaced, the Chinese one dropped: Chinese members get English again.
    const german2 = await sliderPicture();
    const changed = await admin.call<TAdminSlide>('PUT', `/api/admin/slides/${created.body.id}`, {
      uploadId: english.id,
      uploadTranslations: { de: german2.id },
      alt: en('Bots'),
      position: 901,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect([await imageOf('de'), await imageOf('zh-CN')]).toEqual([german2.url, english.url]);
    expect((await admin.del(`/api/admin/slides/${created.body.id}`)).status).toBe(200);
  });

  it("refuses a language's picture that is not the admin's slider picture, or not an upload id", async () => {
    const english = await sliderPicture();
    const newsPicture = await uploads.storeImage({
      ownerId: adminId,
      purpose: 'news',
      data: await picture('png'),
    });
    const members = await sliderPicture(await idOfMember(t.db, 'alice01'));
    const before = await snapshot();
    for (const other of [newsPicture.id, members.id]) {
      const r = await admin.post('/api/admin/slides', {
        uploadId: english.id,
        uploadTranslations: { de: other },
        alt: en('x'),
      });
      expect([r.status, r.body.code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    }
    for (const uploadTranslations of [{ de: 'not-an-id' }, 'x']) {
      const r = await admin.post('/api/admin/slides', {
        uploadId: english.id,
        uploadTranslations,
        alt: en('x'),
      });
      expect([r.status, r.body.code], JSON.stringify(uploadTranslations)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('files', () => {
  it('lists PDFs members can download, renamed and removed by admins', async () => {
    const pdf = await uploads.storeDocument({
      ownerId: adminId,
      purpose: 'file',
      data: pdfBytes(),
      fileName: 'guide.pdf',
    });
    const picturePdf = await uploads.storeImage({
      ownerId: adminId,
      purpose: 'news',
      data: await picture('png'),
    });
    const before = await snapshot();
    expect(
      (await admin.post('/api/admin/files', { uploadId: picturePdf.id, title: 'Not a PDF' })).body.code,
    ).toBe('UPLOAD_NOT_FOUND');
    expect((await admin.post('/api/admin/files', { uploadId: pdf.id, title: '' })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect(await snapshot()).toBe(before);

    const created = await admin.post<TAdminContentFile>('/api/admin/files', {
      uploadId: pdf.id,
      title: 'Member guide',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const list = await member.get<{ items: TContentFile[] }>('/api/files');
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, title: 'Member guide', url: pdf.url });
    const download = await t.app.inject({
      method: 'GET',
      url: pdf.url,
      headers: { cookie: `__Host-sid=${member.cookie}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const renamed = await admin.call<TAdminContentFile>('PUT', `/api/admin/files/${created.body.id}`, {
      title: 'Guide v2',
    });
    expect(renamed.body.title).toBe('Guide v2');
    expect((await admin.del(`/api/admin/files/${created.body.id}`)).status).toBe(200);
    expect(
      (await member.get<{ items: TContentFile[] }>('/api/files')).body.items.map((f) => f.id),
    ).not.toContain(created.body.id);
    expect(await count('audit_log')).toBeGreaterThan(0);
  });
});

describe('about us and the app version', () => {
  it('shows the about text an admin set, to anyone', async () => {
    const set = await admin.call<TAdminSiteNote>('PUT', '/api/admin/about', {
      text: { 'en-US': 'We are a small team.\n\nHello.', 'zh-CN': '我们是一个小团队。' },
    });
    expect(set.status).toBe(200);
    expect(set.body.text).toEqual({
      'en-US': 'We are a small team.\n\nHello.',
      'zh-CN': '我们是一个小团队。',
    });
    expect((await admin.get<TAdminSiteNote>('/api/admin/about')).body.text).toEqual(set.body.text);
    const visitor = new Client(t.app);
    const about = await visitor.get<TAbout>('/api/about');
    expect(about.body.text).toBe('We are a small team.\n\nHello.');
    const zh = await visitor.call<TAbout>('GET', '/api/about', undefined, { 'accept-language': 'zh-CN' });
    expect(zh.body.text).toBe('我们是一个小团队。');
    const before = await snapshot();
    expect((await admin.call('PUT', '/api/admin/about', { text: en(' ') })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await admin.call('PUT', '/api/admin/about', { text: { de: 'Nur' } })).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('has the withdrawal note written per language and shows it in the member language', async () => {
    const moved = await admin.get<TAdminSiteNote>('/api/admin/withdrawal-note');
    // Migration 0043 made the note of migration 0003 the English one.
    expect(moved.body.text['en-US']).toMatch(/^Withdrawals are reviewed/);
    const set = await admin.call<TAdminSiteNote>('PUT', '/api/admin/withdrawal-note', {
      text: { 'en-US': 'Reviewed daily.', de: 'Täglich geprüft.' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const de = await member.call<{ note: string }>('GET', '/api/wallet/withdrawals/options', undefined, {
      'accept-language': 'de',
    });
    expect(de.body.note).toBe('Täglich geprüft.');
    const fr = await member.call<{ note: string }>('GET', '/api/wallet/withdrawals/options', undefined, {
      'accept-language': 'fr',
    });
    expect(fr.body.note).toBe('Reviewed daily.');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', 'setting:withdrawal_note')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['content.withdrawal_note.update']);
  });

  it('answers check_version from the configured versions and download links', async () => {
    const visitor = new Client(t.app);
    // Before an admin sets anything: the deployment's APP_VERSION.
    const initial = await visitor.get<TAppVersionCheck>('/api/app/version?version=1.0.0');
    expect(initial.body).toMatchObject({
      currentVersion: '1.0.0',
      updateAvailable: false,
      updateRequired: false,
    });

    const settings = {
      currentVersion: '2.3.0',
      minimumVersion: '2.0',
      downloads: { android: 'https://example.com/app.apk', ios: null },
    };
    const set = await admin.call('PUT', '/api/admin/app-version', settings);
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const old = await visitor.get<TAppVersionCheck>('/api/app/version?platform=android&version=1.9.9');
    expect(old.body).toMatchObject({
      updateAvailable: true,
      updateRequired: true,
      downloadUrl: 'https://example.com/app.apk',
    });
    const recent = await visitor.get<TAppVersionCheck>('/api/app/version?platform=ios&version=2.1');
    expect(recent.body).toMatchObject({ updateAvailable: true, updateRequired: false, downloadUrl: null });
    expect(recent.body.inReview).toBe(false);
    // member/appreview: a build newer than the released one is one an app store is reviewing.
    const reviewed = await visitor.get<TAppVersionCheck>('/api/app/version?platform=ios&version=2.4');
    expect(reviewed.body).toMatchObject({ updateAvailable: false, updateRequired: false, inReview: true });
    expect((await visitor.get<TAppVersionCheck>('/api/app/version')).body.inReview).toBe(false);
    const current = await visitor.get<TAppVersionCheck>('/api/app/version?platform=android&version=2.3');
    expect(current.body).toMatchObject({ updateAvailable: false, updateRequired: false });
    // The app info the web app reads at start follows the configured version too.
    const info = await visitor.get<{ version: string; downloadUrl: string }>('/api/app/info');
    expect(info.body).toMatchObject({ version: '2.3.0', downloadUrl: 'https://example.com/app.apk' });

    const before = await snapshot();
    const backwards = await admin.call<{ details: { fields: Array<{ code: string }> } }>(
      'PUT',
      '/api/admin/app-version',
      {
        ...settings,
        minimumVersion: '3.0',
      },
    );
    expect(backwards.body.details.fields[0]?.code).toBe('APP_VERSION_RANGE_INVALID');
    const badNumber = await admin.call<{ details: { fields: Array<{ code: string }> } }>(
      'PUT',
      '/api/admin/app-version',
      {
        ...settings,
        currentVersion: 'v2',
      },
    );
    expect(badNumber.body.details.fields[0]?.code).toBe('APP_VERSION_INVALID');
    const badUrl = await admin.call<{ details: { fields: Array<{ code: string }> } }>(
      'PUT',
      '/api/admin/app-version',
      {
        ...settings,
        downloads: { android: 'javascript:alert(1)', ios: null },
      },
    );
    expect(badUrl.body.details.fields[0]?.code).toBe('CONTENT_LINK_INVALID');
    expect((await visitor.get('/api/app/version?version=abc')).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});
