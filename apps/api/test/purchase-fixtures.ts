import { randomUUID } from 'node:crypto';
import type { TAdminVoucher, TWalletOverview } from '@app/contracts';
import { expect } from 'vitest';
import { givePayPassword } from './fixtures';
import { Client, type TestApp } from './test-app';

/**
 * What every purchase test (mining, bot rentals) sets up: signed-in demo members with the transaction
 * password PAY_PASSWORD, vouchers the admin issues, approved KYC, and a wallet's available amount.
 */
export function purchaseFixture(t: TestApp, admin: Client) {
  const clients: Record<string, Client> = {};

  async function memberId(username: string): Promise<string> {
    const row = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    memberId,

    /** A logged-in demo member whose transaction password is PAY_PASSWORD (one client per member). */
    async as(username: string): Promise<Client> {
      if (clients[username]) return clients[username];
      await givePayPassword(t.db, username);
      const client = new Client(t.app);
      await client.login(username);
      clients[username] = client;
      return client;
    },

    /** A voucher the admin issues to one member. */
    async giveVoucher(username: string, discountBps: number): Promise<TAdminVoucher> {
      const reply = await admin.post<{ items: TAdminVoucher[] }>('/api/admin/vouchers', {
        usernames: [username],
        discountBps,
        validDays: 10,
      });
      expect(reply.status).toBe(200);
      return reply.body.items[0]!;
    },

    /** What the member's wallet holds available in a currency, as the wallet page shows it. */
    async available(client: Client, currency: string, wallet = 'funds'): Promise<string> {
      const { body } = await client.get<TWalletOverview>('/api/wallet');
      return body.currencies.find((c) => c.currency === currency)!.wallets.find((w) => w.wallet === wallet)!
        .available;
    },

    /** An approved KYC record written directly (the KYC flow has tests of its own). */
    async approveKyc(username: string): Promise<void> {
      const id = await memberId(username);
      const pictures = [randomUUID(), randomUUID(), randomUUID()];
      for (const upload of pictures) {
        await t.db
          .insertInto('uploads')
          .values({
            id: upload,
            owner_member_id: id,
            purpose: 'kyc',
            visibility: 'private',
            stored_name: `${upload}.jpg`,
            content_type: 'image/jpeg',
            byte_size: 1,
            width: 1,
            height: 1,
          })
          .execute();
      }
      await t.db
        .insertInto('kyc_submissions')
        .values({
          id: randomUUID(),
          member_id: id,
          status: 'approved',
          country: 'MY',
          id_type: 'passport',
          id_number: `A${id}X${Date.now()}`.slice(0, 30),
          full_name: username,
          front_upload_id: pictures[0]!,
          back_upload_id: pictures[1]!,
          holding_upload_id: pictures[2]!,
          reviewed_by: await memberId('admin'),
          reviewed_at: new Date(),
        })
        .execute();
    },
  };
}

export type PurchaseFixture = ReturnType<typeof purchaseFixture>;
