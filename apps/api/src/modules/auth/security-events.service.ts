import {
  SecurityEventKinds,
  securityAction,
  type TPage,
  type TSecurityEvent,
  type TSecurityEventKind,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { describeDevice } from './device';

const kindOf = new Map<string, TSecurityEventKind>(
  SecurityEventKinds.map((kind) => [securityAction(kind), kind]),
);

type Shown = TSecurityEvent['detail'][string];

/**
 * The detail facts a member is shown, each with the one shape it may have. The rows are written by several
 * parts of the platform and read by admins too, so anything else in them (a code, a login name typed in, an
 * address, a user agent) stays out of the member's page: an unknown key, or a known one of another shape,
 * is left out rather than passed through.
 */
const shownDetail: Record<string, (value: unknown) => Shown | undefined> = {
  /** How many (sessions ended, wrong guesses in a row, recovery codes left). */
  count: wholeNumber,
  failures: wholeNumber,
  remaining: wholeNumber,
  /** When a hold or a lock ends. */
  until: timestamp,
  /** Which contact changed: `email` or `mobile`. */
  channel: (value) => (value === 'email' || value === 'mobile' ? value : undefined),
  /** Why, as a code (a hold's cause is the kind of the change that started it). */
  reason: (value) => (typeof value === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(value) ? value : undefined),
};

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function timestamp(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** Other names writers use for a shown fact (the admins' recovery codes say `left`). */
const aliases: Record<string, string> = { remaining: 'left' };

function safeDetail(detail: Record<string, unknown>): TSecurityEvent['detail'] {
  const out: TSecurityEvent['detail'] = {};
  for (const [key, check] of Object.entries(shownDetail)) {
    const alias = aliases[key];
    const value = check(detail[key] ?? (alias ? detail[alias] : undefined));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** "Chrome on Android" from the device the row names, or from the user agent it kept; null without either. */
function deviceOf(detail: Record<string, unknown>): string | null {
  if (typeof detail.device === 'string' && detail.device) return detail.device.slice(0, 80);
  if (typeof detail.userAgent === 'string' && detail.userAgent) return describeDevice(detail.userAgent);
  return null;
}

/**
 * A member's own security activity: the audit rows `security.<kind>` about `member:<id>` (written through
 * `recordSecurityEvent`), newest first. Only the subject decides whose a row is, so an admin's other
 * actions on the member (a KYC review, a balance adjustment) never appear, and neither does anything the
 * member did to someone else.
 */
export function createSecurityEventsService(db: Db) {
  async function pageOf(memberId: string, page: number, pageSize: number): Promise<TPage<TSecurityEvent>> {
    // The audit_log_subject index (subject, id DESC) walks this member's rows newest first.
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'action', 'ip', 'detail', 'created_at'])
      .where('subject', '=', `member:${memberId}`)
      .where('action', 'in', [...kindOf.keys()])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const items = rows.map(
      (row): TSecurityEvent => ({
        id: row.id,
        kind: kindOf.get(row.action) as TSecurityEventKind,
        ip: row.ip,
        device: deviceOf(row.detail),
        detail: safeDetail(row.detail),
        at: row.created_at.toISOString(),
      }),
    );
    return { items, page, pageSize };
  }

  return { pageOf };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;
