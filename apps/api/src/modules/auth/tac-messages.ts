import { Limits } from '@app/contracts';

export type TacPurpose =
  | 'signup'
  | 'reset_password'
  | 'transaction_password'
  | 'withdraw_address'
  // a code sent to the NEW email or mobile a member is changing to (profile module)
  | 'change_contact'
  // step-up codes to the member's CURRENT contact (decision 42): a contact change, a login password change
  | 'change_contact_current'
  | 'login_password'
  // a code that lets a login past the account's ceiling of failed logins (decision 43)
  | 'login_unlock';

const minutes = Limits.tacTtlSeconds / 60;

/** The TAC message in the member's language (falls back to English). */
const texts: Record<string, { subject: string; body: (code: string) => string }> = {
  'en-US': {
    subject: 'Your verification code',
    body: (c) =>
      `Your verification code is ${c}. It expires in ${minutes} minutes. Never share it with anyone.`,
  },
  'zh-CN': {
    subject: '您的验证码',
    body: (c) => `您的验证码是 ${c}，${minutes} 分钟内有效。请勿告诉任何人。`,
  },
  'bm-MY': {
    subject: 'Kod pengesahan anda',
    body: (c) =>
      `Kod pengesahan anda ialah ${c}. Ia tamat dalam ${minutes} minit. Jangan kongsi dengan sesiapa.`,
  },
  de: {
    subject: 'Ihr Bestätigungscode',
    body: (c) =>
      `Ihr Bestätigungscode lautet ${c}. Er läuft in ${minutes} Minuten ab. Geben Sie ihn niemals weiter.`,
  },
  fr: {
    subject: 'Votre code de vérification',
    body: (c) =>
      `Votre code de vérification est ${c}. Il expire dans ${minutes} minutes. Ne le partagez jamais.`,
  },
};

export function tacMessage(language: string, code: string): { subject: string; text: string } {
  const t = texts[language] ?? texts['en-US']!;
  return { subject: t.subject, text: t.body(code) };
}
