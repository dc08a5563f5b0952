import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../database';
import { seedDemo } from './demo';

let db: Db;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  dir = await mkdtemp(join(tmpdir(), 'seed-uploads-'));
});
afterAll(async () => {
  await drop();
  await rm(dir, { recursive: true, force: true });
});

async function counts() {
  const n = async (table: 'news' | 'announcements' | 'slider_images' | 'content_files' | 'uploads') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    news: await n('news'),
    announcements: await n('announcements'),
    slides: await n('slider_images'),
    files: await n('content_files'),
    uploads: await n('uploads'),
  };
}

describe('the demo content', () => {
  it('fills the home page once, pictures and PDF included, and leaves it alone on the next start', async () => {
    await seedDemo(db, { uploadsDir: dir });
    const first = await counts();
    // Uploads: 3 slides in 5 languages, a news cover, the PDF and a picture for each of the 3 demo mining
    // packages.
    expect(first).toEqual({ news: 4, announcements: 2, slides: 3, files: 1, uploads: 20 });
    // Every picture and the PDF are claimed, public, and their bytes are on disk.
    const uploads = await db
      .selectFrom('uploads')
      .select(['claimed_at', 'visibility', 'stored_name'])
      .execute();
    expect(uploads.every((u) => u.claimed_at !== null && u.visibility === 'public')).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(uploads.map((u) => u.stored_name).sort());
    const packagePictures = await db.selectFrom('mining_packages').select('picture_upload_id').execute();
    expect(packagePictures.length).toBe(3);
    expect(packagePictures.every((p) => p.picture_upload_id !== null)).toBe(true);
    // Seeded news is old news: it rang no bell.
    const bells = await db.selectFrom('notifications').select('id').where('kind', '=', 'news').execute();
    expect(bells).toEqual([]);

    await seedDemo(db, { uploadsDir: dir });
    expect(await counts()).toEqual(first);
    const about = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'about_us')
      .executeTakeFirst();
    // Every text in the five languages (decision 65), the withdrawal note of migration 0003 included.
    const five = ['bm-MY', 'de', 'en-US', 'fr', 'zh-CN'];
    expect(Object.keys(about?.value.text as object).sort()).toEqual(five);
    const note = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'withdrawal_note')
      .executeTakeFirstOrThrow();
    expect(Object.keys(note.value.text as object).sort()).toEqual(five);
    for (const row of await db.selectFrom('news').select(['title', 'summary', 'body']).execute()) {
      for (const texts of [row.title, row.summary, row.body]) expect(Object.keys(texts).sort()).toEqual(five);
    }
    const slides = await db.selectFrom('slider_images').select(['alt', 'upload_translations']).execute();
    for (const { alt } of slides) expect(Object.keys(alt).sort()).toEqual(five);
    // A picture per language, the English one the slide's own (this machine has a CJK font: decision 74).
    for (const { upload_translations } of slides) {
      expect(Object.keys(upload_translations).sort()).toEqual(['bm-MY', 'de', 'fr', 'zh-CN']);
    }
    const botPackages = await db
      .selectFrom('bot_packages')
      .select('name_translations')
      .orderBy('sort')
      .execute();
    expect(botPackages.map((p) => p.name_translations.de)).toEqual(['Einsteiger', 'Profi', 'Elite']);
    for (const row of await db.selectFrom('announcements').select('text').execute()) {
      expect(Object.keys(row.text).sort()).toEqual(five);
    }
    // Real translations, not copies of the English.
    const [bybit] = await db
      .selectFrom('news')
      .select('title')
      .where(sql<boolean>`title->>'en-US' LIKE 'Bybit%'`)
      .execute();
    expect(bybit?.title.de).toBe('Bybit-Perpetual-Bots sind jetzt verfügbar');
  });

  it('describes banners seeded before slides had descriptions, and keeps an admin-written one', async () => {
    const [first, second] = await db.selectFrom('slider_images').select('id').orderBy('position').execute();
    if (!first || !second) throw new Error('the demo slides are missing');
    // As migration 0048 left a slide written before it; the second one an admin has described.
    await sql`UPDATE slider_images SET alt = '{"en-US": ""}' WHERE id = ${first.id}`.execute(db);
    await sql`UPDATE slider_images SET alt = '{"en-US": "Our own words"}' WHERE id = ${second.id}`.execute(
      db,
    );
    await seedDemo(db, { uploadsDir: dir });
    const alts = await db.selectFrom('slider_images').select('alt').orderBy('position').execute();
    expect(alts[0]?.alt.de).toBe('KI-Trading-Bots auf Binance, Bybit und Gate');
    expect(alts[1]?.alt).toEqual({ 'en-US': 'Our own words' });
  });

  it('draws the pictures of banners seeded with one picture, and keeps an admin-changed slide', async () => {
    const [first, second] = await db
      .selectFrom('slider_images')
      .select(['id', 'upload_id'])
      .orderBy('position')
      .execute();
    if (!first || !second) throw new Error('the demo slides are missing');
    // As migration 0049 left the demo's banners; the second one's picture an admin has replaced.
    await sql`UPDATE slider_images SET upload_translations = '{}'`.execute(db);
    const admins = await db
      .selectFrom('members')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await sql`UPDATE uploads SET owner_member_id = ${admins.id} WHERE id = ${second.upload_id}`.execute(db);
    const uploadsBefore = (await counts()).uploads;
    await seedDemo(db, { uploadsDir: dir });
    const after = await db
      .selectFrom('slider_images')
      .select('upload_translations')
      .orderBy('position')
      .execute();
    expect(Object.keys(after[0]?.upload_translations ?? {}).sort()).toEqual(['bm-MY', 'de', 'fr', 'zh-CN']);
    expect(after[1]?.upload_translations).toEqual({});
    // Four new pictures for each of the two demo banners left; none for the admin's.
    expect((await counts()).uploads - uploadsBefore).toBe(8);
  });

  it("names bot packages seeded before names had languages, and keeps an admin's", async () => {
    await sql`UPDATE bot_packages SET name_translations = '{}'`.execute(db);
    await sql`UPDATE bot_packages SET updated_at = now() + interval '1 minute' WHERE name = 'Pro'`.execute(
      db,
    );
    await seedDemo(db, { uploadsDir: dir });
    const names = await db
      .selectFrom('bot_packages')
      .select(['name', 'name_translations'])
      .orderBy('sort')
      .execute();
    expect(names.map((p) => [p.name, p.name_translations['zh-CN'] ?? null])).toEqual([
      ['Starter', '入门版'],
      ['Pro', null],
      ['Elite', '精英版'],
    ]);
  });
});
