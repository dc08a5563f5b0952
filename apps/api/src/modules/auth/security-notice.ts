import type { TMoneyHoldReason } from '@app/contracts';

/** What a security notice says happened, and what follows from it. */
export interface SecurityNoticeFacts {
  change: TMoneyHoldReason;
  username: string;
  /** The new email or mobile, masked, for a contact change. */
  newContact?: string;
  /** When the money hold the change started ends; null when none started. */
  holdUntil: Date | null;
}

interface Texts {
  /** Intl locale for the dates. */
  locale: string;
  subject: string;
  changes: Record<TMoneyHoldReason, (username: string, newContact: string) => string>;
  signedOut: string;
  signedOutAll: string;
  hold: (until: string) => string;
  notYou: string;
}

/** The notice in the member's language (falls back to English), like the TAC messages. */
const texts: Record<string, Texts> = {
  'en-US': {
    locale: 'en-US',
    subject: 'Security notice: your account was changed',
    changes: {
      password_changed: (u) => `The login password of your account ${u} was changed.`,
      password_reset: (u) => `The login password of your account ${u} was reset with a code sent to you.`,
      contact_changed: (u, c) => `The email or mobile number of your account ${u} was changed to ${c}.`,
      transaction_password_set: (u) => `A transaction password was set on your account ${u}.`,
      transaction_password_changed: (u) => `The transaction password of your account ${u} was changed.`,
    },
    signedOut: 'Your other devices were signed out.',
    signedOutAll: 'All your devices were signed out.',
    hold: (d) => `Transfers and withdrawals are held until ${d} (UTC).`,
    notYou: 'If this was not you, contact customer service at once.',
  },
  'zh-CN': {
    locale: 'zh-CN',
    subject: '安全通知：您的账户已被更改',
    changes: {
      password_changed: (u) => `您的账户 ${u} 的登录密码已更改。`,
      password_reset: (u) => `您的账户 ${u} 的登录密码已通过发送给您的验证码重置。`,
      contact_changed: (u, c) => `您的账户 ${u} 的邮箱或手机号码已更改为 ${c}。`,
      transaction_password_set: (u) => `您的账户 ${u} 已设置交易密码。`,
      transaction_password_changed: (u) => `您的账户 ${u} 的交易密码已更改。`,
    },
    signedOut: '您的其他设备已退出登录。',
    signedOutAll: '您的所有设备已退出登录。',
    hold: (d) => `转账和提现暂停至 ${d}（UTC）。`,
    notYou: '如果这不是您本人操作，请立即联系客服。',
  },
  'bm-MY': {
    locale: 'ms-MY',
    subject: 'Notis keselamatan: akaun anda telah diubah',
    changes: {
      password_changed: (u) => `Kata laluan log masuk akaun anda ${u} telah diubah.`,
      password_reset: (u) =>
        `Kata laluan log masuk akaun anda ${u} telah ditetapkan semula dengan kod yang dihantar kepada anda.`,
      contact_changed: (u, c) =>
        `E-mel atau nombor telefon bimbit akaun anda ${u} telah ditukar kepada ${c}.`,
      transaction_password_set: (u) => `Kata laluan transaksi telah ditetapkan pada akaun anda ${u}.`,
      transaction_password_changed: (u) => `Kata laluan transaksi akaun anda ${u} telah diubah.`,
    },
    signedOut: 'Peranti anda yang lain telah dilog keluar.',
    signedOutAll: 'Semua peranti anda telah dilog keluar.',
    hold: (d) => `Pemindahan dan pengeluaran ditahan sehingga ${d} (UTC).`,
    notYou: 'Jika ini bukan anda, hubungi khidmat pelanggan dengan segera.',
  },
  de: {
    locale: 'de-DE',
    subject: 'Sicherheitshinweis: Ihr Konto wurde geändert',
    changes: {
      password_changed: (u) => `Das Anmeldepasswort Ihres Kontos ${u} wurde geändert.`,
      password_reset: (u) =>
        `Das Anmeldepasswort Ihres Kontos ${u} wurde mit einem an Sie gesendeten Code zurückgesetzt.`,
      contact_changed: (u, c) =>
        `Die E-Mail-Adresse oder Handynummer Ihres Kontos ${u} wurde in ${c} geändert.`,
      transaction_password_set: (u) => `Für Ihr Konto ${u} wurde ein Transaktionspasswort festgelegt.`,
      transaction_password_changed: (u) => `Das Transaktionspasswort Ihres Kontos ${u} wurde geändert.`,
    },
    signedOut: 'Ihre anderen Geräte wurden abgemeldet.',
    signedOutAll: 'Alle Ihre Geräte wurden abgemeldet.',
    hold: (d) => `Überweisungen und Auszahlungen sind bis ${d} (UTC) zurückgehalten.`,
    notYou: 'Wenn Sie das nicht waren, wenden Sie sich sofort an den Kundendienst.',
  },
  fr: {
    locale: 'fr-FR',
    subject: 'Avis de sécurité : votre compte a été modifié',
    changes: {
      password_changed: (u) => `Le mot de passe de connexion de votre compte ${u} a été modifié.`,
      password_reset: (u) =>
        `Le mot de passe de connexion de votre compte ${u} a été réinitialisé avec un code qui vous a été envoyé.`,
      contact_changed: (u, c) =>
        `L’e-mail ou le numéro de mobile de votre compte ${u} a été remplacé par ${c}.`,
      transaction_password_set: (u) => `Un mot de passe de transaction a été défini sur votre compte ${u}.`,
      transaction_password_changed: (u) =>
        `Le mot de passe de transaction de votre compte ${u} a été modifié.`,
    },
    signedOut: 'Vos autres appareils ont été déconnectés.',
    signedOutAll: 'Tous vos appareils ont été déconnectés.',
    hold: (d) => `Les transferts et les retraits sont suspendus jusqu’au ${d} (UTC).`,
    notYou: 'Si ce n’était pas vous, contactez immédiatement le service client.',
  },
};

/** The mail (or SMS) that tells a member's old contact of a credential change. */
export function securityNotice(
  language: string,
  facts: SecurityNoticeFacts,
): { subject: string; text: string } {
  const t = texts[language] ?? texts['en-US']!;
  const lines = [
    t.changes[facts.change](facts.username, facts.newContact ?? ''),
    facts.change === 'password_reset' ? t.signedOutAll : t.signedOut,
  ];
  if (facts.holdUntil) {
    const when = new Intl.DateTimeFormat(t.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(facts.holdUntil);
    lines.push(t.hold(when));
  }
  lines.push(t.notYou);
  return { subject: t.subject, text: lines.join('\n') };
}
