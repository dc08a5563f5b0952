import { securityAction, type TSecurityEventKind } from '@app/contracts';
import { type AnyDb, own } from '../db/tables';

/** Who asked, from where: every admin action and every money request records it. */
export interface Actor {
  memberId: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  /** What the action was about, as `type:id` (`withdrawal:<uuid>`, `member:42`). */
  subject: string;
  detail?: Record<string, unknown>;
}

/**
 * The append-only audit log (the database refuses UPDATE and DELETE). Written inside the caller's
 * transaction, so an action and its record commit together or not at all.
 */
export async function recordAudit(ex: AnyDb, actor: Actor, entry: AuditEntry): Promise<void> {
  await own<'audit_log'>(ex)
    .insertInto('audit_log')
    .values({
      actor_id: actor.memberId,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: actor.ip.slice(0, 64),
    })
    .execute();
}

/** An entry of the platform itself (a scheduled job), with no member or IP behind it. */
export async function recordSystemAudit(ex: AnyDb, entry: AuditEntry): Promise<void> {
  await own<'audit_log'>(ex)
    .insertInto('audit_log')
    .values({
      actor_id: null,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: '',
    })
    .execute();
}

/**
 * A security event of a member (a login, a failed guess, a credential change, a hold): an audit row the
 * member's "Security activity" page lists and admins see in the audit log. `ip` is the request's.
 */
export async function recordSecurityEvent(
  ex: AnyDb,
  event: { memberId: string; kind: TSecurityEventKind; ip: string; detail?: Record<string, unknown> },
): Promise<void> {
  await own<'audit_log'>(ex)
    .insertInto('audit_log')
    .values({
      actor_id: event.memberId,
      action: securityAction(event.kind),
      subject: `member:${event.memberId}`,
      detail: JSON.stringify(event.detail ?? {}),
      ip: event.ip.slice(0, 64),
    })
    .execute();
}
