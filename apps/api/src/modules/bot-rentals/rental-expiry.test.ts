import type { TNotificationPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRental } from '../../../test/bot-fixtures';
import { idOfMember } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

const DAY_MS = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const memberIdOf = (username: string) => idOfMember(t.db, username);

/** A rental of the member that ends `days` from now. */
async function rentalEndingIn(memberId: string, days: number): Promise<string> {
  const id = await makeRental(t.db, memberId);
  await t.db
    .updateTable('bot_rentals')
    .set({ ends_at: new Date(Date.now() + days * DAY_MS) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The rental expiry notices the member's bell lists. */
async function expiryNoticesOf(username: string) {
  const client = new Client(t.app);
  await client.login(username);
  const { status, body } = await client.get<TNotificationPage>('/api/notifications?page=1&pageSize=50');
  expect(status).toBe(200);
  return body.items.filter((n) => n.kind === 'bot_rental_expiring');
}

describe('rental expiry notices', () => {
  it('tells the member once about each rental ending within three days, and nobody else', async () => {
    const memberId = await memberIdOf('kevin01');
    const soon = await rentalEndingIn(memberId, 2);
    await rentalEndingIn(memberId, 10); // not yet due
    // Already ended (12 hours ago; the fixture started it a day ago): too late to tell. A full day ago
    // could fall in the same millisecond as the start, which the table refuses (ends_at > starts_at).
    await rentalEndingIn(memberId, -0.5);

    const notices = t.services.jobs.rentalExpiryNotices;
    // Runs side by side and a re-run still write one notice per rental.
    await Promise.all([notices.notifyExpiring(), notices.notifyExpiring()]);
    await notices.notifyExpiring();
    // Counted on this member's bell, not by the run's total: the run covers every member's rentals.

    const told = await expiryNoticesOf('kevin01');
    expect(told).toHaveLength(1);
    const endsAt = await t.db
      .selectFrom('bot_rentals')
      .select('ends_at')
      .where('id', '=', soon)
      .executeTakeFirstOrThrow();
    expect(told[0]).toMatchObject({
      params: { rentalId: soon, packageName: 'Test package', endsAt: endsAt.ends_at.toISOString() },
      link: '/pages/trade/mytrade',
      read: false,
    });
    expect(await expiryNoticesOf('jacky01')).toEqual([]);
  });

  it('tells about a rental once it comes within three days, not before', async () => {
    const memberId = await memberIdOf('henry01');
    const rental = await rentalEndingIn(memberId, 5);
    const notices = t.services.jobs.rentalExpiryNotices;
    await notices.notifyExpiring();
    expect(await expiryNoticesOf('henry01')).toEqual([]);
    await notices.notifyExpiring(new Date(Date.now() + 3 * DAY_MS));
    await notices.notifyExpiring(new Date(Date.now() + 3 * DAY_MS));
    expect((await expiryNoticesOf('henry01')).map((n) => n.params.rentalId)).toEqual([rental]);
  });

  it("names the package in the member's own language, English where it has none", async () => {
    const memberId = await memberIdOf('irene01');
    await t.db.updateTable('members').set({ language: 'de' }).where('id', '=', memberId).execute();
    const rental = await rentalEndingIn(memberId, 1);
    const { package_id } = await t.db
      .selectFrom('bot_rentals')
      .select('package_id')
      .where('id', '=', rental)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('bot_packages')
      .set({ name_translations: JSON.stringify({ de: 'Testpaket' }) })
      .where('id', '=', package_id)
      .execute();
    const frenchId = await memberIdOf('paula01');
    await t.db.updateTable('members').set({ language: 'fr' }).where('id', '=', frenchId).execute();
    const french = await rentalEndingIn(frenchId, 1);
    await t.services.jobs.rentalExpiryNotices.notifyExpiring();
    expect((await expiryNoticesOf('irene01')).map((n) => [n.params.rentalId, n.params.packageName])).toEqual([
      [rental, 'Testpaket'],
    ]);
    expect((await expiryNoticesOf('paula01')).map((n) => [n.params.rentalId, n.params.packageName])).toEqual([
      [french, 'Test package'],
    ]);
  });
});
