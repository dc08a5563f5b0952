import { Languages, type TLanguage, type TTranslations } from '@app/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { UploadService } from '../../modules/uploads/uploads.service';
import type { Db } from '../database';
import { storedPicture } from './seed-pictures';

type Texts = Record<TLanguage, string>;

/**
 * The demo's slider banners, one picture per language (decision 74): the words drawn into each picture are
 * in its language, and its description (the alt text, decision 73) says them.
 */
const banners: Array<{
  from: string;
  to: string;
  title: Texts;
  line: Texts;
  link: string | null;
  alt: Texts;
}> = [
  {
    from: '#ff8c1a',
    to: '#ffb347',
    title: {
      'en-US': 'AI trading bots',
      'zh-CN': 'AI 交易机器人',
      'bm-MY': 'Bot dagangan AI',
      de: 'KI-Trading-Bots',
      fr: 'Robots de trading IA',
    },
    line: {
      'en-US': 'Binance · Bybit · Gate',
      'zh-CN': 'Binance · Bybit · Gate',
      'bm-MY': 'Binance · Bybit · Gate',
      de: 'Binance · Bybit · Gate',
      fr: 'Binance · Bybit · Gate',
    },
    link: '/pages/home/HomegetAllNews',
    alt: {
      'en-US': 'AI trading bots on Binance, Bybit and Gate',
      'zh-CN': 'AI 交易机器人：支持 Binance、Bybit 和 Gate',
      'bm-MY': 'Bot dagangan AI di Binance, Bybit dan Gate',
      de: 'KI-Trading-Bots auf Binance, Bybit und Gate',
      fr: 'Robots de trading IA sur Binance, Bybit et Gate',
    },
  },
  {
    from: '#1f6feb',
    to: '#58a6ff',
    title: {
      'en-US': 'USDT & USDC wallets',
      'zh-CN': 'USDT 和 USDC 钱包',
      'bm-MY': 'Dompet USDT & USDC',
      de: 'USDT- & USDC-Wallets',
      fr: 'Portefeuilles USDT & USDC',
    },
    line: {
      'en-US': 'Deposit, transfer, withdraw',
      'zh-CN': '充值、转账、提现',
      'bm-MY': 'Deposit, pindahan, pengeluaran',
      de: 'Einzahlen, überweisen, auszahlen',
      fr: 'Déposer, transférer, retirer',
    },
    link: '/pages/Wallet/Wallet',
    alt: {
      'en-US': 'USDT and USDC wallets: deposit, transfer, withdraw',
      'zh-CN': 'USDT 和 USDC 钱包：充值、转账、提现',
      'bm-MY': 'Dompet USDT dan USDC: deposit, pindahan, pengeluaran',
      de: 'USDT- und USDC-Wallets: einzahlen, überweisen, auszahlen',
      fr: 'Portefeuilles USDT et USDC : déposer, transférer, retirer',
    },
  },
  {
    from: '#2da44e',
    to: '#6fdd8b',
    title: {
      'en-US': 'Invite your friends',
      'zh-CN': '邀请您的好友',
      'bm-MY': 'Jemput rakan anda',
      de: 'Freunde einladen',
      fr: 'Invitez vos amis',
    },
    line: {
      'en-US': 'Grow your team together',
      'zh-CN': '一起壮大您的团队',
      'bm-MY': 'Kembangkan pasukan bersama',
      de: 'Gemeinsam das Team aufbauen',
      fr: 'Développez votre équipe ensemble',
    },
    link: null,
    alt: {
      'en-US': 'Invite your friends and grow your team together',
      'zh-CN': '邀请好友，一起壮大您的团队',
      'bm-MY': 'Jemput rakan anda dan kembangkan pasukan anda bersama',
      de: 'Laden Sie Ihre Freunde ein und bauen Sie gemeinsam Ihr Team auf',
      fr: 'Invitez vos amis et développez votre équipe ensemble',
    },
  },
];

// Latin first, so Latin words keep DejaVu's shapes; the CJK font draws what DejaVu lacks.
const FONT = 'DejaVu Sans, Noto Sans CJK SC, Noto Sans SC, WenQuanYi Micro Hei, sans-serif';
const WIDTH = 1200;
const MARGIN = 80;

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const textSvg = (text: string, size: number, bold: boolean) =>
  `<text x="${MARGIN}" y="${size * 1.5}" font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="#000">${escaped(text)}</text>`;

/** The width and height of the ink `text` leaves, drawn at `size` on a canvas wide enough for any banner line. */
async function inkOf(text: string, size: number, bold = false): Promise<{ width: number; height: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 3}" height="${size * 2}">${textSvg(text, size, bold)}</svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .trim()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

/**
 * Whether this machine has a font that draws `sample`. A character no font has is drawn as a box with its
 * code in hex (a "tofu" box), every such box the same size; so `sample` is drawn by a real font when its ink
 * differs from that of as many unassigned code points (U+0378 is unassigned in every Unicode version).
 */
export async function drawsGlyphs(sample: string): Promise<boolean> {
  const tofu = '\u0378'.repeat([...sample].length);
  const [drawn, boxes] = await Promise.all([inkOf(sample, 80), inkOf(tofu, 80)]);
  return drawn.width !== boxes.width || drawn.height !== boxes.height;
}

/** The largest size up to `max` at which `text` fits the banner between its margins. */
async function fittedSize(text: string, max: number, bold: boolean): Promise<number> {
  const { width } = await inkOf(text, max, bold);
  return Math.min(max, Math.floor((max * (WIDTH - 2 * MARGIN)) / width));
}

/** A 1200x500 banner: a gradient, a few circles and two lines of text, rendered to PNG by sharp. */
async function bannerPng(colors: { from: string; to: string }, title: string, line: string): Promise<Buffer> {
  const [titleSize, lineSize] = await Promise.all([fittedSize(title, 78, true), fittedSize(line, 40, false)]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="500" fill="url(#g)"/>
  <circle cx="1040" cy="90" r="190" fill="#fff" fill-opacity="0.12"/>
  <circle cx="930" cy="430" r="130" fill="#fff" fill-opacity="0.10"/>
  <text x="${MARGIN}" y="235" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="#fff">${escaped(title)}</text>
  <text x="${MARGIN}" y="320" font-family="${FONT}" font-size="${lineSize}" fill="#fff" fill-opacity="0.9">${escaped(line)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The languages whose banner words this machine can draw. Chinese needs a CJK font (fonts-noto-cjk here and
 * in CI); without one its pictures would show tofu boxes, so Chinese members get the English picture instead.
 */
async function drawableLanguages(): Promise<TLanguage[]> {
  const chinese = await drawsGlyphs('交易');
  return Languages.filter((l) => l !== 'zh-CN' || chinese);
}

/** The banner's picture in each language but English, stored and claimed; English is the slide's own. */
async function translatedPictures(
  db: Db,
  uploads: UploadService,
  banner: (typeof banners)[number],
  languages: TLanguage[],
): Promise<TTranslations> {
  const out: TTranslations = {};
  for (const lang of languages) {
    if (lang === 'en-US') continue;
    const png = await bannerPng(banner, banner.title[lang], banner.line[lang]);
    out[lang] = await storedPicture(db, uploads, 'slider', png);
  }
  return out;
}

/**
 * The slider's demo banners, made once while the slider is empty. Banners seeded before (migrations 0048 and
 * 0049) get what they lack: their descriptions, and their pictures in the other languages. A slide an admin
 * wrote or changed is left alone: one whose description is the admin's, whose picture the admin uploaded, or
 * that already has pictures per language.
 */
export async function seedDemoBanners(db: Db, uploads: UploadService, adminId: string): Promise<void> {
  const languages = await drawableLanguages();
  const any = await db.selectFrom('slider_images').select('id').limit(1).executeTakeFirst();
  if (!any) {
    for (const [position, banner] of banners.entries()) {
      const english = await bannerPng(banner, banner.title['en-US'], banner.line['en-US']);
      const uploadId = await storedPicture(db, uploads, 'slider', english);
      const translated = await translatedPictures(db, uploads, banner, languages);
      await db
        .insertInto('slider_images')
        .values({
          upload_id: uploadId,
          alt: JSON.stringify(banner.alt),
          upload_translations: JSON.stringify(translated),
          link: banner.link,
          position,
          created_by: adminId,
        })
        .execute();
    }
    return;
  }
  for (const [position, banner] of banners.entries()) {
    // Before 0048 a slide had no description: the seeded one at this place gets the banner's.
    await db
      .updateTable('slider_images')
      .set({ alt: JSON.stringify(banner.alt) })
      .where('created_by', '=', adminId)
      .where('position', '=', position)
      .where(sql<boolean>`alt = '{"en-US": ""}'::jsonb`)
      .execute();
    // Before 0049 a slide had one picture: the seeded banner (its own picture, its own words) gets the others.
    const seeded = await db
      .selectFrom('slider_images as s')
      .innerJoin('uploads as u', 'u.id', 's.upload_id')
      .select('s.id')
      .where('u.owner_member_id', 'is', null)
      .where(sql<boolean>`s.alt = ${JSON.stringify(banner.alt)}::jsonb`)
      .where(sql<boolean>`s.upload_translations = '{}'::jsonb`)
      .execute();
    for (const { id } of seeded) {
      const translated = await translatedPictures(db, uploads, banner, languages);
      await db
        .updateTable('slider_images')
        .set({ upload_translations: JSON.stringify(translated) })
        .where('id', '=', id)
        .execute();
    }
  }
}
