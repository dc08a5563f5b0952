import type { TNotification } from '@app/contracts';
import type { TFunction } from 'i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';

/** A notification's title and body in the member's language, its params filled in (amounts, dates formatted). */
export function notificationText(t: TFunction, item: TNotification): { title: string; body: string } {
  const params = { ...item.params };
  if (params.amount) params.amount = answerAmount(params.amount);
  if (params.endsAt) params.endsAt = dateTimeText(params.endsAt);
  if (params.until) params.until = dateTimeText(params.until);
  // A suspended key's reason arrives as its code; the key page's text for it says what to do.
  if (item.kind === 'exchange_key_suspended' && params.reason)
    params.reason = t(`exchangeKeys.reason.${params.reason}`);
  // A credential change arrives as its kind; with no hold (a setting of 0 hours) the body says none.
  let body = 'body';
  if (item.kind === 'security_change') {
    if (params.change) params.change = t(`moneyHold.change.${params.change}`);
    if (!params.until) body = 'bodyNoHold';
  }
  return {
    title: t(`notifications.kinds.${item.kind}.title`, params),
    body: t(`notifications.kinds.${item.kind}.${body}`, params),
  };
}
