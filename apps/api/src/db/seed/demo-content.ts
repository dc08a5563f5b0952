import sharp from 'sharp';
import { createUploadService } from '../../modules/uploads/uploads.service';
import type { Db } from '../database';
import { storedPicture } from './seed-pictures';

/**
 * Demo content for the home page: news, two announcements, the about-us text, and, when an uploads folder
 * is given, slider banners, a news cover and a PDF drawn at seed time (so no binary files live in the repo).
 * Each kind is seeded only while its table is empty, so an admin's own content is never touched.
 */

const DAY = 24 * 60 * 60 * 1000;

const news = [
  {
    title: 'Bybit perpetual bots are now available',
    summary: 'Rent a bot for Bybit USDT perpetuals with the same settings as on Binance.',
    body: [
      'From today, trading bots can run on Bybit USDT perpetual contracts as well as on Binance and Gate.',
      'Bind a Bybit API key with trading rights only under Me > API binding. Keys that can withdraw or transfer are refused, as on the other exchanges.',
      'Your open positions on other exchanges are not affected. Bots resume on the new key as soon as it is bound.',
    ].join('\n\n'),
    important: true,
    cover: true,
    daysAgo: 1,
  },
  {
    title: 'Scheduled maintenance on Saturday',
    summary: 'Deposits and withdrawals pause for about 30 minutes from 02:00 UTC.',
    body: [
      'We will upgrade the wallet service on Saturday from 02:00 UTC. The work takes about 30 minutes.',
      'During the upgrade deposits are credited late and withdrawal requests wait in the queue. Bots keep trading as usual.',
      'No action is needed on your side.',
    ].join('\n\n'),
    important: false,
    cover: false,
    daysAgo: 3,
  },
  {
    title: 'Withdrawal reviews now within 24 hours',
    summary: 'Our finance team reviews every withdrawal within one working day.',
    body: [
      'Withdrawal requests are now reviewed within 24 hours on working days.',
      'The 5% fee is taken from the amount you withdraw. Check the network of your address before you confirm: coins sent on the wrong network cannot be recovered.',
    ].join('\n\n'),
    important: false,
    cover: false,
    daysAgo: 6,
  },
  {
    title: 'Invite a friend and grow your team',
    summary: 'Share your invitation link or QR code from the Me page.',
    body: [
      'Every member has an invitation code and link. A friend who signs up with it is placed in your team.',
      'Open Me > Invite a friend to copy the link or show the QR code.',
    ].join('\n\n'),
    important: false,
    cover: false,
    daysAgo: 10,
  },
];

const announcements = [
  'Bybit perpetual bots are live: bind your Bybit API key under Me > API binding.',
  'Maintenance on Saturday 02:00 UTC: deposits and withdrawals pause for about 30 minutes.',
];

const aboutText = [
  'We run trading bots for our members on their own exchange accounts: the funds never leave your exchange, and the keys you bind can trade but never withdraw.',
  'Members hold wallets in USDT and USDC, rent bots by the month and follow every trade in the app. Our support team answers enquiries every day.',
  'Questions? Open Me > Customer service and we will reply in the app.',
].join('\n\n');

const banners = [
  {
    from: '#ff8c1a',
    to: '#ffb347',
    title: 'AI trading bots',
    line: 'Binance · Bybit · Gate',
    link: '/pages/home/HomegetAllNews',
  },
  {
    from: '#1f6feb',
    to: '#58a6ff',
    title: 'USDT & USDC wallets',
    line: 'Deposit, transfer, withdraw',
    link: '/pages/Wallet/Wallet',
  },
  {
    from: '#2da44e',
    to: '#6fdd8b',
    title: 'Invite your friends',
    line: 'Grow your team together',
    link: null,
  },
];

/** A 1200x500 banner: a gradient, a few circles and two lines of text, rendered to PNG by sharp. */
async function bannerPng(b: { from: string; to: string; title: string; line: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
  <rect width="1200" height="500" fill="url(#g)"/>
  <circle cx="1040" cy="90" r="190" fill="#fff" fill-opacity="0.12"/>
  <circle cx="930" cy="430" r="130" fill="#fff" fill-opacity="0.10"/>
  <text x="80" y="235" font-family="DejaVu Sans, Arial, sans-serif" font-size="78" font-weight="bold" fill="#fff">${b.title.replace('&', '&amp;')}</text>
  <text x="80" y="320" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#fff" fill-opacity="0.9">${b.line}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1200x500 news cover without words: a rising line over a grid, like a price chart. */
async function coverPng(): Promise<Buffer> {
  const grid = Array.from(
    { length: 9 },
    (_, i) => `<line x1="${i * 150}" y1="0" x2="${i * 150}" y2="500"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1f6feb"/></linearGradient></defs>
  <rect width="1200" height="500" fill="url(#g)"/>
  <g stroke="#fff" stroke-opacity="0.08" stroke-width="2">${grid}</g>
  <polyline points="0,400 150,360 300,380 450,290 600,310 750,220 900,240 1050,150 1200,110"
    fill="none" stroke="#ffb347" stroke-width="10" stroke-linejoin="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A one-page PDF with a title and a few lines, its cross-reference table computed. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [`BT /F1 20 Tf 60 760 Td (${esc(title)}) Tj ET`]
    .concat(lines.map((l, i) => `BT /F1 12 Tf 60 ${720 - i * 20} Td (${esc(l)}) Tj ET`))
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function isEmpty(db: Db, table: 'news' | 'announcements' | 'slider_images' | 'content_files') {
  const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export async function seedDemoContent(db: Db, options: { adminId: string; uploadsDir?: string }) {
  const { adminId } = options;
  const uploads = options.uploadsDir ? createUploadService({ db, dir: options.uploadsDir }) : null;
  const now = Date.now();

  if (await isEmpty(db, 'news')) {
    for (const item of news) {
      const cover = item.cover && uploads ? await storedPicture(db, uploads, 'news', await coverPng()) : null;
      const at = new Date(now - item.daysAgo * DAY);
      await db
        .insertInto('news')
        .values({
          title: item.title,
          summary: item.summary,
          body: item.body,
          language: 'en-US',
          cover_upload_id: cover,
          important: item.important,
          published_at: at,
          // Seeded news is old news: it does not ring every member's bell.
          notified_at: at,
          created_by: adminId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }

  if (await isEmpty(db, 'announcements')) {
    for (const text of announcements) {
      await db
        .insertInto('announcements')
        .values({
          text,
          language: 'en-US',
          starts_at: new Date(now - DAY),
          ends_at: null,
          created_by: adminId,
        })
        .execute();
    }
  }

  await db
    .insertInto('settings')
    .values({ key: 'about_us', value: JSON.stringify({ text: aboutText }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  if (!uploads) return;
  if (await isEmpty(db, 'slider_images')) {
    for (const [position, banner] of banners.entries()) {
      const uploadId = await storedPicture(db, uploads, 'slider', await bannerPng(banner));
      await db
        .insertInto('slider_images')
        .values({ upload_id: uploadId, link: banner.link, position, created_by: adminId })
        .execute();
    }
  }
  if (await isEmpty(db, 'content_files')) {
    const pdf = simplePdf('Member guide', [
      '1. Complete identity verification (KYC) under Me.',
      '2. Deposit USDT or USDC to your deposit wallet.',
      '3. Bind an exchange API key with trading rights only.',
      '4. Rent a bot and follow its trades in the app.',
    ]);
    const stored = await uploads.storeDocument({
      ownerId: null,
      purpose: 'file',
      data: pdf,
      fileName: 'member-guide.pdf',
    });
    await uploads.claim(db, { ids: [stored.id], ownerId: null, purpose: 'file' });
    await db
      .insertInto('content_files')
      .values({ upload_id: stored.id, title: 'Member guide (PDF)', created_by: adminId })
      .execute();
  }
}
