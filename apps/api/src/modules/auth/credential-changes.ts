import type { TMoneyHoldReason } from '@app/contracts';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import type { MessageSender } from '../../platform/mail';
import type { NotificationService } from '../notifications/notifications.service';
import type { MoneyHolds } from './money-holds.service';
import { securityNotice } from './security-notice';
import type { SessionService } from './session.service';

/** A change of the login password, the transaction password or the email or mobile (decision 42). */
export type CredentialChange = TMoneyHoldReason;

/** Every contact a member has (email and mobile): who is told when one of their credentials changes. */
export function contactsOf(member: { email: string | null; mobile: string | null }): string[] {
  return [member.email, member.mobile].filter((c): c is string => c !== null);
}

/**
 * What follows every credential change (decision 42): the member's other sessions end, the change and the
 * money hold are security events, the bell tells the member, and after the commit a notice goes to each
 * contact the member had BEFORE the change (so a changed email's old address hears of it).
 */
export function createCredentialChanges(deps: {
  db: Db;
  sessions: Pick<SessionService, 'endAllOf'>;
  holds: Pick<MoneyHolds, 'start'>;
  notify: NotificationService['notify'];
  email: MessageSender;
  sms: MessageSender;
  log: { warn: (obj: Record<string, unknown>, msg: string) => void };
}) {
  /** Inside the transaction that makes the change; resolves to the end of the hold it started. */
  async function record(
    trx: Db,
    change: {
      memberId: string;
      kind: CredentialChange;
      ip: string;
      /** The session that made the change stays signed in; without it every session ends. */
      keepSessionId?: string;
      detail?: Record<string, string>;
    },
  ): Promise<{ holdUntil: Date | null }> {
    const { memberId, kind, ip } = change;
    await deps.sessions.endAllOf(memberId, kind, change.keepSessionId, trx);
    await recordSecurityEvent(trx, { memberId, kind, ip, detail: change.detail ?? {} });
    const holdUntil = await deps.holds.start(trx, { memberId, reason: kind, ip });
    await deps.notify(trx, {
      memberId,
      kind: 'security_change',
      params: { change: kind, until: holdUntil?.toISOString() ?? '' },
    });
    return { holdUntil };
  }

  /**
   * After the commit: the notice to each of `to` in the member's language. A notice that cannot be sent
   * is logged, not thrown: the change stands, and the bell and the audit row already tell of it.
   */
  async function tell(
    member: { id: string; username: string; language: string },
    to: string[],
    facts: { change: CredentialChange; holdUntil: Date | null; newContact?: string },
  ): Promise<void> {
    const message = securityNotice(member.language, { ...facts, username: member.username });
    for (const destination of new Set(to)) {
      const channel = destination.includes('@') ? 'email' : 'sms';
      try {
        await (channel === 'email' ? deps.email : deps.sms).send({ to: destination, ...message });
        await deps.db
          .insertInto('mail_log')
          .values({
            member_id: member.id,
            channel,
            destination,
            subject: message.subject,
            purpose: 'security_notice',
          })
          .execute();
      } catch (error) {
        deps.log.warn(
          { memberId: member.id, change: facts.change, error: (error as Error).message },
          'security notice not sent',
        );
      }
    }
  }

  return { record, tell };
}

export type CredentialChanges = ReturnType<typeof createCredentialChanges>;
