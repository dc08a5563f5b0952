import sharp from 'sharp';
import { createUploadService } from '../../modules/uploads/uploads.service';
import type { Db } from '../database';
import { storedPicture } from './seed-pictures';

const USDT = 1_000_000n;

/** [name, price (USDT), GH/s, days, MCOIN per GH/s per day in minor units (8 decimals), limit per member] */
const packages: Array<[string, number, number, number, number, number | null]> = [
  ['Cloud S19 · 10 GH/s', 100, 10, 30, 100_000, 10],
  ['Cloud S21 · 50 GH/s', 450, 50, 90, 110_000, 5],
  ['Cloud farm · 200 GH/s', 1_600, 200, 180, 120_000, null],
];

/** Each package's name in the other languages and its description in all five (decision 65). */
const texts: Array<{ names: Record<string, string>; description: Record<string, string> }> = [
  {
    names: {
      'zh-CN': '云算力 S19 · 10 GH/s',
      'bm-MY': 'Awan S19 · 10 GH/s',
      de: 'Cloud S19 · 10 GH/s',
      fr: 'Cloud S19 · 10 GH/s',
    },
    description: {
      'en-US': 'An entry package: 10 GH/s of S19 hash power for 30 days, paid out in MCOIN every day.',
      'zh-CN': '入门套餐：30 天 10 GH/s 的 S19 算力，每日以 MCOIN 发放收益。',
      'bm-MY': 'Pakej permulaan: 10 GH/s kuasa hash S19 selama 30 hari, dibayar dalam MCOIN setiap hari.',
      de: 'Ein Einstiegspaket: 10 GH/s S19-Hashleistung für 30 Tage, täglich in MCOIN ausgezahlt.',
      fr: 'Une offre de départ : 10 GH/s de puissance S19 pendant 30 jours, versés chaque jour en MCOIN.',
    },
  },
  {
    names: {
      'zh-CN': '云算力 S21 · 50 GH/s',
      'bm-MY': 'Awan S21 · 50 GH/s',
      de: 'Cloud S21 · 50 GH/s',
      fr: 'Cloud S21 · 50 GH/s',
    },
    description: {
      'en-US': 'Newer S21 machines: 50 GH/s for 90 days at a higher daily yield per GH/s.',
      'zh-CN': '更新的 S21 矿机：90 天 50 GH/s，每 GH/s 的日收益更高。',
      'bm-MY':
        'Mesin S21 yang lebih baharu: 50 GH/s selama 90 hari dengan hasil harian lebih tinggi bagi setiap GH/s.',
      de: 'Neuere S21-Maschinen: 50 GH/s für 90 Tage mit höherem Tagesertrag pro GH/s.',
      fr: 'Des machines S21 plus récentes : 50 GH/s pendant 90 jours, avec un rendement quotidien plus élevé par GH/s.',
    },
  },
  {
    names: {
      'zh-CN': '云矿场 · 200 GH/s',
      'bm-MY': 'Ladang awan · 200 GH/s',
      de: 'Cloud-Farm · 200 GH/s',
      fr: 'Ferme cloud · 200 GH/s',
    },
    description: {
      'en-US':
        'A share of a whole farm: 200 GH/s for 180 days, the best yield per GH/s, no limit per member.',
      'zh-CN': '整座矿场的份额：180 天 200 GH/s，每 GH/s 收益最高，不限购。',
      'bm-MY':
        'Bahagian sebuah ladang penuh: 200 GH/s selama 180 hari, hasil terbaik bagi setiap GH/s, tiada had bagi setiap ahli.',
      de: 'Ein Anteil an einer ganzen Farm: 200 GH/s für 180 Tage, der beste Ertrag pro GH/s, ohne Limit pro Mitglied.',
      fr: 'Une part d’une ferme entière : 200 GH/s pendant 180 jours, le meilleur rendement par GH/s, sans limite par membre.',
    },
  },
];

/** Each package's picture colours: the card's banner tones (gold, blue, purple) in turn. */
const tones: Array<[string, string]> = [
  ['#b7791f', '#f6ad55'],
  ['#1e4e8c', '#4f9dde'],
  ['#553c9a', '#9f7aea'],
];

/**
 * A 660x264 picture of a mining rig (the card's 2.5:1 box), without words (the name is on the card in the member's language):
 * `racks` machines side by side, each with two fans and a row of status lights, rendered to PNG by sharp.
 */
export async function rigPng([from, to]: [string, string], racks: number): Promise<Buffer> {
  const width = 660;
  const gap = 24;
  const rack = (width - 80 - gap * (racks - 1)) / racks;
  const machines = Array.from({ length: racks }, (_, i) => {
    const x = 40 + i * (rack + gap);
    const fan = (cx: number) =>
      `<circle cx="${cx}" cy="132" r="${Math.min(rack / 5, 34)}" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.85"/>` +
      `<circle cx="${cx}" cy="132" r="6" fill="#fff"/>`;
    const lights = Array.from(
      { length: 4 },
      (_, j) => `<circle cx="${x + 22 + j * 16}" cy="206" r="4" fill="${j === 0 ? '#68d391' : '#fff'}"/>`,
    ).join('');
    return `<rect x="${x}" y="52" width="${rack}" height="172" rx="14" fill="#000" fill-opacity="0.22"/>${fan(x + rack * 0.3)}${fan(x + rack * 0.7)}${lights}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="264">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="264" fill="url(#g)"/>
  <circle cx="600" cy="30" r="110" fill="#fff" fill-opacity="0.10"/>
  ${machines}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo's mining category and packages (fixed yields in MCOIN), made once: admins' changes stay. With an
 * uploads folder each package gets a picture drawn here (a bigger farm, more machines), so no binary file
 * lives in the repo and the cards never show the empty placeholder in the demo.
 */
export async function seedDemoMining(db: Db, options: { uploadsDir?: string } = {}): Promise<void> {
  const any = await db.selectFrom('mining_packages').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const category = await db
    .insertInto('mining_categories')
    .values({ name: 'MCOIN', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const uploads = options.uploadsDir ? createUploadService({ db, dir: options.uploadsDir }) : null;
  const pictures: Array<string | null> = [];
  for (const [i] of packages.entries()) {
    const tone = tones[i % tones.length] ?? tones[0];
    pictures.push(
      uploads && tone ? await storedPicture(db, uploads, 'mining_package', await rigPng(tone, i + 1)) : null,
    );
  }
  await db
    .insertInto('mining_packages')
    .values(
      packages.map(([name, price, ghs, days, perUnit, limit], i) => ({
        picture_upload_id: pictures[i] ?? null,
        category_id: category.id,
        name,
        name_translations: JSON.stringify(texts[i]?.names ?? {}),
        description: JSON.stringify(texts[i]?.description ?? { 'en-US': '' }),
        price_minor: (BigInt(price) * USDT).toString(),
        currency: 'USDT',
        hash_rate_ghs: String(ghs),
        duration_days: days,
        mined_currency: 'MCOIN',
        yield_rule: 'fixed' as const,
        yield_per_unit_minor: String(perUnit),
        per_member_limit: limit,
        sort: i,
      })),
    )
    .execute();
}
