import { type AnyDb, own } from '../../db/tables';

/**
 * One page of what was sent to a member (codes and notices), newest first, for others to show (support's
 * view of a member). Auth writes `mail_log`; it keeps no message bodies, so no codes are in it.
 */
export function sentMessagesOf(db: AnyDb, memberId: string, page: { limit: number; offset: number }) {
  return own<'mail_log'>(db)
    .selectFrom('mail_log')
    .select(['id', 'channel', 'destination', 'subject', 'purpose', 'sent_at'])
    .where('member_id', '=', memberId)
    .orderBy('sent_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
