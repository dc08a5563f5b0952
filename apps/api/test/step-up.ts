import type { TContact, TMemberTacPurpose } from '@app/contracts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import { type Client, lastCode, type TestApp } from './test-app';

/** The demo members' login password. */
export const DEMO_PASSWORD = 'Demo12345';

/** A new code may be asked for once a minute per address: age the codes sent instead of waiting. */
export async function ageCodes(db: Db): Promise<void> {
  await db
    .updateTable('tac_codes')
    .set({ created_at: new Date(Date.now() - 120_000) })
    .execute();
}

/** A step-up code sent to the member's current contact (`to`) for `purpose`. */
export async function stepUpCode(
  t: TestApp,
  client: Client,
  purpose: TMemberTacPurpose,
  to: string,
): Promise<string> {
  await ageCodes(t.db);
  const sent = await client.post('/api/me/tac', { purpose });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return lastCode(t.outbox, to);
}

/** Step one of a contact change: both codes, the one to the current contact and the one to the new. */
export async function contactChangeCodes(
  t: TestApp,
  client: Client,
  contact: TContact,
  current: string,
  currentPassword = DEMO_PASSWORD,
): Promise<{ currentCode: string; code: string }> {
  await ageCodes(t.db);
  const sent = await client.post('/api/profile/contact/tac', { contact, currentPassword });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const next =
    contact.channel === 'email' ? contact.email.toLowerCase() : `${contact.prefix}${contact.mobile}`;
  return { currentCode: lastCode(t.outbox, current), code: lastCode(t.outbox, next) };
}

/** The security events of a member (audit rows `security.<kind>`), oldest first. */
export async function securityEvents(db: Db, memberId: string) {
  return (
    db
      .selectFrom('audit_log')
      .select(['action', 'detail', 'ip'])
      .where('subject', '=', `member:${memberId}`)
      .where('action', 'like', 'security.%')
      // Every sign-in is an event too (decision 43), and so is a wrong step-up password (decision 57); these
      // helpers' callers look at what a change left.
      .where('action', 'not in', ['security.login', 'security.login_failed', 'security.step_up_failed'])
      .orderBy('id')
      .execute()
  );
}

/** Ends a member's money holds as if their time had passed: both ends move back, the length stays. */
export async function endHolds(db: Db, memberId: string): Promise<void> {
  await db
    .updateTable('money_holds')
    .set({
      starts_at: sql<Date>`starts_at - (ends_at - now()) - interval '1 second'`,
      ends_at: sql<Date>`now() - interval '1 second'`,
    })
    .where('member_id', '=', memberId)
    .where('ends_at', '>', sql<Date>`now()`)
    .execute();
}
