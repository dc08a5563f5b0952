import { type TWallet, WalletNames } from '@app/contracts';
import type { TFunction } from 'i18next';

/**
 * Who was on the other side of a record, in words: a member's masked name as it came, the platform side
 * (`system:<code>`) and the member's own other wallet (`self:<wallet>`) translated.
 */
export function counterpartyText(t: TFunction, counterparty: string | null): string | null {
  if (!counterparty) return null;
  const [prefix, rest = ''] = counterparty.split(/:(.*)/s);
  if (prefix === 'system') {
    const key = `wallet.system.${rest}`;
    return t(key, { defaultValue: rest });
  }
  if (prefix === 'self' && (WalletNames as readonly string[]).includes(rest)) {
    return t('wallet.records.self', { wallet: t(`wallet.wallets.${rest as TWallet}`) });
  }
  return counterparty;
}
