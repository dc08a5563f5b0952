import { SecurityEventKinds, type TSecurityEvent, type TSecurityEventKind } from '@app/contracts';
import type { TFunction } from 'i18next';
import { dateTimeText } from '../../shared/format';

/** Events that may mean someone else is trying: marked, so a member scanning the list sees them first. */
export const warningKinds: ReadonlySet<TSecurityEventKind> = new Set<TSecurityEventKind>([
  'login_failed',
  'step_up_failed',
  'login_throttled',
  'transaction_password_failed',
  'transaction_password_locked',
  'money_hold_started',
  'totp_failed',
]);

const isKind = (value: unknown): value is TSecurityEventKind =>
  typeof value === 'string' && (SecurityEventKinds as readonly string[]).includes(value);

/**
 * An event's title and its facts in the member's language. The server passes only facts safe to show
 * (`count`, `failures`, `remaining`, `until`, `channel`, `reason`); each is shown where it means something.
 */
export function securityEventText(t: TFunction, item: TSecurityEvent): { title: string; facts: string[] } {
  const { channel, count, failures, remaining, until, reason } = item.detail;
  const facts: string[] = [];
  if (channel === 'email' || channel === 'mobile') facts.push(t(`securityActivity.channel.${channel}`));
  if (item.kind === 'sessions_ended' && typeof count === 'number') {
    facts.push(t('securityActivity.facts.devicesEnded', { count }));
  }
  if (typeof failures === 'number') facts.push(t('securityActivity.facts.failures', { count: failures }));
  if (typeof remaining === 'number') facts.push(t('securityActivity.facts.remaining', { count: remaining }));
  if (isKind(reason))
    facts.push(t('securityActivity.facts.after', { what: t(`securityActivity.kinds.${reason}`) }));
  if (typeof until === 'string') facts.push(t('securityActivity.facts.until', { when: dateTimeText(until) }));
  return { title: t(`securityActivity.kinds.${item.kind}`), facts };
}
