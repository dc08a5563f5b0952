import type { TLanguage } from '@app/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createUploadService } from '../../modules/uploads/uploads.service';
import type { Db } from '../database';
import { seedDemoBanners } from './demo-banners';
import { storedPicture } from './seed-pictures';

/**
 * Demo content for the home page, every text in the five languages (decision 65): news, two announcements,
 * the about-us text and the withdrawal note, and, when an uploads folder
 * is given, slider banners (`demo-banners.ts`), a news cover and a PDF drawn at seed time (so no binary files live in the repo).
 * Each kind is seeded only while its table is empty, so an admin's own content is never touched.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Paragraphs per language, joined with blank lines when seeded. */
type Texts = Record<TLanguage, string>;
type Paragraphs = Record<TLanguage, string[]>;

const joined = (p: Paragraphs): Texts =>
  Object.fromEntries(Object.entries(p).map(([l, ps]) => [l, ps.join('\n\n')])) as Texts;

const news: {
  title: Texts;
  summary: Texts;
  body: Paragraphs;
  important: boolean;
  cover: boolean;
  daysAgo: number;
}[] = [
  {
    title: {
      'en-US': 'Bybit perpetual bots are now available',
      'zh-CN': 'Bybit 永续合约机器人现已上线',
      'bm-MY': 'Bot kontrak kekal Bybit kini tersedia',
      de: 'Bybit-Perpetual-Bots sind jetzt verfügbar',
      fr: 'Les bots perpétuels Bybit sont disponibles',
    },
    summary: {
      'en-US': 'Rent a bot for Bybit USDT perpetuals with the same settings as on Binance.',
      'zh-CN': '租用 Bybit USDT 永续合约机器人，设置与 Binance 相同。',
      'bm-MY': 'Sewa bot untuk kontrak kekal USDT Bybit dengan tetapan yang sama seperti di Binance.',
      de: 'Mieten Sie einen Bot für Bybit-USDT-Perpetuals mit denselben Einstellungen wie bei Binance.',
      fr: 'Louez un bot pour les contrats perpétuels USDT de Bybit, avec les mêmes réglages que sur Binance.',
    },
    body: {
      'en-US': [
        'From today, trading bots can run on Bybit USDT perpetual contracts as well as on Binance and Gate.',
        'Bind a Bybit API key with trading rights only under Me > API binding. Keys that can withdraw or transfer are refused, as on the other exchanges.',
        'Your open positions on other exchanges are not affected. Bots resume on the new key as soon as it is bound.',
      ],
      'zh-CN': [
        '从今天起，交易机器人除了 Binance 和 Gate 之外，也可以在 Bybit USDT 永续合约上运行。',
        '请在“我的 > API 绑定”中绑定仅有交易权限的 Bybit API 密钥。与其他交易所一样，可以提币或划转的密钥会被拒绝。',
        '您在其他交易所的持仓不受影响。新密钥绑定后，机器人会立即恢复运行。',
      ],
      'bm-MY': [
        'Mulai hari ini, bot dagangan boleh berjalan pada kontrak kekal USDT Bybit selain Binance dan Gate.',
        'Ikat kunci API Bybit yang hanya mempunyai hak dagangan di Saya > Pengikatan API. Kunci yang boleh mengeluarkan atau memindahkan dana akan ditolak, sama seperti di bursa lain.',
        'Posisi terbuka anda di bursa lain tidak terjejas. Bot bersambung semula pada kunci baharu sebaik sahaja ia diikat.',
      ],
      de: [
        'Ab heute laufen Trading-Bots neben Binance und Gate auch auf Bybit-USDT-Perpetual-Kontrakten.',
        'Hinterlegen Sie unter Ich > API-Bindung einen Bybit-API-Schlüssel, der nur handeln darf. Schlüssel mit Auszahlungs- oder Überweisungsrechten werden wie bei den anderen Börsen abgelehnt.',
        'Ihre offenen Positionen auf anderen Börsen bleiben unberührt. Die Bots laufen weiter, sobald der neue Schlüssel gebunden ist.',
      ],
      fr: [
        'Dès aujourd’hui, les bots de trading fonctionnent aussi sur les contrats perpétuels USDT de Bybit, en plus de Binance et Gate.',
        'Liez une clé API Bybit limitée au trading dans Moi > Liaison API. Les clés autorisées à retirer ou à transférer sont refusées, comme sur les autres plateformes.',
        'Vos positions ouvertes sur les autres plateformes ne changent pas. Les bots reprennent dès que la nouvelle clé est liée.',
      ],
    },
    important: true,
    cover: true,
    daysAgo: 1,
  },
  {
    title: {
      'en-US': 'Scheduled maintenance on Saturday',
      'zh-CN': '周六例行维护',
      'bm-MY': 'Penyelenggaraan berjadual pada hari Sabtu',
      de: 'Geplante Wartung am Samstag',
      fr: 'Maintenance prévue samedi',
    },
    summary: {
      'en-US': 'Deposits and withdrawals pause for about 30 minutes from 02:00 UTC.',
      'zh-CN': '自 UTC 02:00 起，充值和提现将暂停约 30 分钟。',
      'bm-MY': 'Deposit dan pengeluaran dihentikan seketika selama kira-kira 30 minit mulai 02:00 UTC.',
      de: 'Ein- und Auszahlungen pausieren ab 02:00 UTC für etwa 30 Minuten.',
      fr: 'Les dépôts et retraits sont suspendus environ 30 minutes à partir de 02:00 UTC.',
    },
    body: {
      'en-US': [
        'We will upgrade the wallet service on Saturday from 02:00 UTC. The work takes about 30 minutes.',
        'During the upgrade deposits are credited late and withdrawal requests wait in the queue. Bots keep trading as usual.',
        'No action is needed on your side.',
      ],
      'zh-CN': [
        '我们将于周六 UTC 02:00 起升级钱包服务，预计耗时约 30 分钟。',
        '升级期间充值将延迟到账，提现申请会在队列中等待。机器人照常交易。',
        '您无需进行任何操作。',
      ],
      'bm-MY': [
        'Kami akan menaik taraf perkhidmatan dompet pada hari Sabtu mulai 02:00 UTC. Kerja ini mengambil masa kira-kira 30 minit.',
        'Semasa naik taraf, deposit dikreditkan lewat dan permintaan pengeluaran menunggu dalam baris gilir. Bot terus berdagang seperti biasa.',
        'Anda tidak perlu berbuat apa-apa.',
      ],
      de: [
        'Am Samstag ab 02:00 UTC aktualisieren wir den Wallet-Dienst. Die Arbeiten dauern etwa 30 Minuten.',
        'Währenddessen werden Einzahlungen verspätet gutgeschrieben und Auszahlungsanträge warten in der Warteschlange. Die Bots handeln wie gewohnt weiter.',
        'Sie müssen nichts tun.',
      ],
      fr: [
        'Nous mettrons à jour le service de portefeuille samedi à partir de 02:00 UTC. L’opération dure environ 30 minutes.',
        'Pendant la mise à jour, les dépôts sont crédités en retard et les demandes de retrait attendent dans la file. Les bots continuent de trader normalement.',
        'Vous n’avez rien à faire.',
      ],
    },
    important: false,
    cover: false,
    daysAgo: 3,
  },
  {
    title: {
      'en-US': 'Withdrawal reviews now within 24 hours',
      'zh-CN': '提现审核现在 24 小时内完成',
      'bm-MY': 'Semakan pengeluaran kini dalam masa 24 jam',
      de: 'Auszahlungen werden jetzt binnen 24 Stunden geprüft',
      fr: 'Retraits désormais examinés sous 24 heures',
    },
    summary: {
      'en-US': 'Our finance team reviews every withdrawal within one working day.',
      'zh-CN': '我们的财务团队会在一个工作日内审核每一笔提现。',
      'bm-MY': 'Pasukan kewangan kami menyemak setiap pengeluaran dalam satu hari bekerja.',
      de: 'Unser Finanzteam prüft jede Auszahlung innerhalb eines Werktags.',
      fr: 'Notre équipe financière examine chaque retrait en un jour ouvré.',
    },
    body: {
      'en-US': [
        'Withdrawal requests are now reviewed within 24 hours on working days.',
        'The 5% fee is taken from the amount you withdraw. Check the network of your address before you confirm: coins sent on the wrong network cannot be recovered.',
      ],
      'zh-CN': [
        '提现申请现在会在工作日 24 小时内完成审核。',
        '5% 的手续费从提现金额中扣除。确认前请检查地址所属的网络：发送到错误网络的币无法找回。',
      ],
      'bm-MY': [
        'Permintaan pengeluaran kini disemak dalam masa 24 jam pada hari bekerja.',
        'Yuran 5% diambil daripada jumlah yang anda keluarkan. Semak rangkaian alamat anda sebelum mengesahkan: syiling yang dihantar pada rangkaian yang salah tidak dapat dipulihkan.',
      ],
      de: [
        'Auszahlungsanträge werden jetzt an Werktagen innerhalb von 24 Stunden geprüft.',
        'Die Gebühr von 5 % wird vom Auszahlungsbetrag abgezogen. Prüfen Sie vor der Bestätigung das Netzwerk Ihrer Adresse: Coins, die über das falsche Netzwerk gesendet werden, sind verloren.',
      ],
      fr: [
        'Les demandes de retrait sont désormais examinées sous 24 heures les jours ouvrés.',
        'Les frais de 5 % sont prélevés sur le montant retiré. Vérifiez le réseau de votre adresse avant de confirmer : les cryptomonnaies envoyées sur un mauvais réseau sont perdues.',
      ],
    },
    important: false,
    cover: false,
    daysAgo: 6,
  },
  {
    title: {
      'en-US': 'Invite a friend and grow your team',
      'zh-CN': '邀请好友，壮大团队',
      'bm-MY': 'Jemput rakan dan kembangkan pasukan anda',
      de: 'Freunde einladen und das Team vergrößern',
      fr: 'Invitez un ami et agrandissez votre équipe',
    },
    summary: {
      'en-US': 'Share your invitation link or QR code from the Me page.',
      'zh-CN': '在“我的”页面分享您的邀请链接或二维码。',
      'bm-MY': 'Kongsi pautan jemputan atau kod QR anda dari halaman Saya.',
      de: 'Teilen Sie Ihren Einladungslink oder QR-Code auf der Seite Ich.',
      fr: 'Partagez votre lien d’invitation ou votre QR code depuis la page Moi.',
    },
    body: {
      'en-US': [
        'Every member has an invitation code and link. A friend who signs up with it is placed in your team.',
        'Open Me > Invite a friend to copy the link or show the QR code.',
      ],
      'zh-CN': [
        '每位会员都有邀请码和邀请链接。好友通过它注册后会加入您的团队。',
        '打开“我的 > 邀请好友”即可复制链接或展示二维码。',
      ],
      'bm-MY': [
        'Setiap ahli mempunyai kod dan pautan jemputan. Rakan yang mendaftar dengannya diletakkan dalam pasukan anda.',
        'Buka Saya > Jemput rakan untuk menyalin pautan atau menunjukkan kod QR.',
      ],
      de: [
        'Jedes Mitglied hat einen Einladungscode und einen Einladungslink. Wer sich damit registriert, kommt in Ihr Team.',
        'Öffnen Sie Ich > Freunde einladen, um den Link zu kopieren oder den QR-Code zu zeigen.',
      ],
      fr: [
        'Chaque membre possède un code et un lien d’invitation. Un ami qui s’inscrit avec eux rejoint votre équipe.',
        'Ouvrez Moi > Inviter un ami pour copier le lien ou afficher le QR code.',
      ],
    },
    important: false,
    cover: false,
    daysAgo: 10,
  },
];

const announcements: Texts[] = [
  {
    'en-US': 'Bybit perpetual bots are live: bind your Bybit API key under Me > API binding.',
    'zh-CN': 'Bybit 永续合约机器人已上线：请在“我的 > API 绑定”中绑定您的 Bybit API 密钥。',
    'bm-MY': 'Bot kontrak kekal Bybit kini beroperasi: ikat kunci API Bybit anda di Saya > Pengikatan API.',
    de: 'Bybit-Perpetual-Bots sind live: Binden Sie Ihren Bybit-API-Schlüssel unter Ich > API-Bindung.',
    fr: 'Les bots perpétuels Bybit sont en ligne : liez votre clé API Bybit dans Moi > Liaison API.',
  },
  {
    'en-US': 'Maintenance on Saturday 02:00 UTC: deposits and withdrawals pause for about 30 minutes.',
    'zh-CN': '周六 UTC 02:00 维护：充值和提现将暂停约 30 分钟。',
    'bm-MY':
      'Penyelenggaraan pada Sabtu 02:00 UTC: deposit dan pengeluaran dihentikan seketika kira-kira 30 minit.',
    de: 'Wartung am Samstag um 02:00 UTC: Ein- und Auszahlungen pausieren etwa 30 Minuten.',
    fr: 'Maintenance samedi à 02:00 UTC : dépôts et retraits suspendus environ 30 minutes.',
  },
];

const aboutText = joined({
  'en-US': [
    'We run trading bots for our members on their own exchange accounts: the funds never leave your exchange, and the keys you bind can trade but never withdraw.',
    'Members hold wallets in USDT and USDC, rent bots by the month and follow every trade in the app. Our support team answers enquiries every day.',
    'Questions? Open Me > Customer service and we will reply in the app.',
  ],
  'zh-CN': [
    '我们在会员自己的交易所账户上为会员运行交易机器人：资金始终留在您的交易所，您绑定的密钥只能交易，不能提币。',
    '会员持有 USDT 和 USDC 钱包，按月租用机器人，并在应用中查看每一笔交易。我们的客服团队每天都会回复咨询。',
    '有疑问？打开“我的 > 客服”，我们会在应用内回复您。',
  ],
  'bm-MY': [
    'Kami menjalankan bot dagangan untuk ahli kami pada akaun bursa mereka sendiri: dana tidak pernah meninggalkan bursa anda, dan kunci yang anda ikat boleh berdagang tetapi tidak boleh mengeluarkan dana.',
    'Ahli memegang dompet dalam USDT dan USDC, menyewa bot secara bulanan dan mengikuti setiap dagangan dalam aplikasi. Pasukan sokongan kami menjawab pertanyaan setiap hari.',
    'Ada soalan? Buka Saya > Khidmat pelanggan dan kami akan membalas dalam aplikasi.',
  ],
  de: [
    'Wir betreiben Trading-Bots für unsere Mitglieder auf deren eigenen Börsenkonten: Das Geld verlässt Ihre Börse nie, und die gebundenen Schlüssel dürfen handeln, aber nie auszahlen.',
    'Mitglieder führen Wallets in USDT und USDC, mieten Bots monatsweise und verfolgen jeden Trade in der App. Unser Support beantwortet Anfragen täglich.',
    'Fragen? Öffnen Sie Ich > Kundendienst, wir antworten in der App.',
  ],
  fr: [
    'Nous faisons tourner des bots de trading pour nos membres sur leurs propres comptes d’échange : les fonds ne quittent jamais votre plateforme, et les clés liées peuvent trader mais jamais retirer.',
    'Les membres détiennent des portefeuilles en USDT et USDC, louent des bots au mois et suivent chaque transaction dans l’application. Notre support répond aux demandes tous les jours.',
    'Des questions ? Ouvrez Moi > Service client, nous répondrons dans l’application.',
  ],
});

/** The withdrawal note of migration 0003 in every language; seeded only while it is still that text. */
const withdrawalNote: Texts = {
  'en-US':
    'Withdrawals are reviewed within 24 hours on working days. The fee is taken from the amount. Check the network of your address: coins sent on the wrong network cannot be recovered.',
  'zh-CN':
    '提现会在工作日 24 小时内审核。手续费从提现金额中扣除。请检查地址所属的网络：发送到错误网络的币无法找回。',
  'bm-MY':
    'Pengeluaran disemak dalam masa 24 jam pada hari bekerja. Yuran diambil daripada jumlah. Semak rangkaian alamat anda: syiling yang dihantar pada rangkaian yang salah tidak dapat dipulihkan.',
  de: 'Auszahlungen werden an Werktagen innerhalb von 24 Stunden geprüft. Die Gebühr wird vom Betrag abgezogen. Prüfen Sie das Netzwerk Ihrer Adresse: Coins, die über das falsche Netzwerk gesendet werden, sind verloren.',
  fr: 'Les retraits sont examinés sous 24 heures les jours ouvrés. Les frais sont prélevés sur le montant. Vérifiez le réseau de votre adresse : les cryptomonnaies envoyées sur un mauvais réseau sont perdues.',
};

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

async function isEmpty(db: Db, table: 'news' | 'announcements' | 'content_files') {
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
          title: JSON.stringify(item.title),
          summary: JSON.stringify(item.summary),
          body: JSON.stringify(joined(item.body)),
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
          text: JSON.stringify(text),
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
  // The note migration 0003 wrote in English gets its translations; a note an admin wrote is kept.
  await db
    .updateTable('settings')
    .set({ value: JSON.stringify({ text: withdrawalNote }) })
    .where('key', '=', 'withdrawal_note')
    .where(sql<boolean>`value = ${JSON.stringify({ text: { 'en-US': withdrawalNote['en-US'] } })}::jsonb`)
    .execute();

  if (!uploads) return;
  await seedDemoBanners(db, uploads, adminId);
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
