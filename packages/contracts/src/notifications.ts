import { z } from 'zod';
import { ZTimestamp, zPage } from './common';

/**
 * What a notification is about. Its title and body are locale texts `notifications.kinds.<kind>.title` /
 * `.body`, filled in with its params on the client, so a notification reads in the member's language.
 */
export const NotificationKinds = [
  'kyc_approved',
  'kyc_rejected',
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'enquiry_reply',
  'news',
  'exchange_key_suspended',
  'bot_paused_key_unusable',
  'bot_paused_orders_rejected',
  'bot_stop_loss',
  'bot_rental_expiring',
  'security_change',
  'transaction_password_locked',
] as const;
export const ZNotificationKind = z.enum(NotificationKinds);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** The params each kind's texts use. Amounts are decimal strings, as everywhere in the API. */
export interface NotificationParams {
  kyc_approved: Record<string, never>;
  kyc_rejected: { reason: string };
  /** An on-chain deposit reached its confirmations and is in the deposit wallet. */
  deposit_credited: { amount: string; currency: string; network: string };
  withdrawal_paid: { amount: string; currency: string };
  withdrawal_rejected: { amount: string; currency: string };
  enquiry_reply: { subject: string };
  news: { title: string };
  /** `reason` is a key suspension reason code; the client shows its text. */
  exchange_key_suspended: { exchange: string; reason: string };
  bot_paused_key_unusable: { symbol: string; exchange: string };
  bot_paused_orders_rejected: { symbol: string; exchange: string };
  bot_stop_loss: { symbol: string; exchange: string };
  /** `rentalId` makes the notice findable, so each rental is told once; `endsAt` is an ISO timestamp. */
  bot_rental_expiring: { rentalId: string; packageName: string; endsAt: string };
  /**
   * A credential changed (`change`: a money hold reason); `until` is when the money hold it started ends
   * (ISO), empty when none started.
   */
  security_change: { change: string; until: string };
  /** Too many wrong transaction passwords; money actions are locked until `until` (ISO). */
  transaction_password_locked: { until: string };
}

/** Where tapping a notification leads: a path inside the web app, never another site. */
export const ZNotificationLink = z
  .string()
  .max(300)
  .regex(/^\/[^/\\]/, 'an app path');

export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  params: z.record(z.string(), z.string()),
  link: ZNotificationLink.nullable(),
  createdAt: ZTimestamp,
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = zPage(ZNotification);
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZUnreadCount = z.object({ count: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZNotificationIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });
export type TNotificationIdParams = z.infer<typeof ZNotificationIdParams>;
