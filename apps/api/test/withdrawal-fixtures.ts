import type { NetworkName, TWithdrawal } from '@app/contracts';
import { givePayPassword, PAY_PASSWORD } from './fixtures';
import { Client, lastCode, type TestApp } from './test-app';

/** A demo member logged in, with the transaction password set, whose address for `network` is bound. */
export async function memberWithAddress(
  t: TestApp,
  username: string,
  network: NetworkName,
  address: string,
): Promise<Client> {
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  await client.login(username);
  // A new code may be asked for once a minute: age the last one instead of waiting.
  await t.db
    .updateTable('tac_codes')
    .set({ created_at: new Date(Date.now() - 120_000) })
    .execute();
  const sent = await client.post('/api/me/tac', { purpose: 'withdraw_address' });
  if (sent.status !== 200) throw new Error(`TAC code not sent: ${JSON.stringify(sent.body)}`);
  const bound = await client.move('/api/wallet/withdraw-addresses', {
    network,
    address,
    code: lastCode(t.outbox, `${username}@demo.local`),
    password: await client.seal(PAY_PASSWORD),
  });
  if (bound.status !== 200) throw new Error(`address not bound: ${JSON.stringify(bound.body)}`);
  return client;
}

/** A withdrawal of the member's funds, made and approved (not paid) by the admin, through the API. */
export async function approvedWithdrawal(
  member: Client,
  admin: Client,
  input: { currency: string; network: NetworkName; amount: string },
): Promise<TWithdrawal> {
  const made = await member.move<TWithdrawal>('/api/wallet/withdrawals', {
    ...input,
    wallet: 'funds',
    password: await member.seal(PAY_PASSWORD),
  });
  if (made.status !== 200) throw new Error(`withdrawal not made: ${JSON.stringify(made.body)}`);
  const approved = await admin.move<TWithdrawal>(`/api/admin/withdrawals/${made.body.id}/approve`, {});
  if (approved.status !== 200) throw new Error(`withdrawal not approved: ${JSON.stringify(approved.body)}`);
  return approved.body;
}
