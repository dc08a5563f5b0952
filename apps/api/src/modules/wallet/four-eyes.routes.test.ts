import { randomUUID } from 'node:crypto';
import type { TAdminApproval } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_SECOND_ADMIN } from '../../db/seed/demo-staff';
import { createLedgerService } from '../ledger/ledger.service';

// Four eyes (decision 45): an adjustment or manual deposit above FOUR_EYES_THRESHOLD_USD (10,000 by
// default) waits for a second admin, who executes it once.

let t: TestApp;
let admin: Client;
let second: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
  second = new Client(t.app);
  await second.loginAdmin(DEMO_SECOND_ADMIN);
});
afterAll(() => t.close());

const ADJUST = '/api/admin/balances/adjust';
const DEPOSIT = '/api/admin/deposits';
const approve = (c: Client, id: string, key?: string) =>
  c.move<TAdminApproval & { code?: string }>(`/api/admin/approvals/${id}/approve`, {}, key);

async function balance(
  username: string,
  currency = 'USDT',
  wallet: 'funds' | 'deposit' = 'funds',
): Promise<string> {
  const row = await t.db
    .selectFrom('ledger_accounts as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .select(sql<string>`a.credits_posted - a.debits_posted`.as('balance'))
    .where('m.username', '=', username)
    .where('a.currency', '=', currency)
    .where('a.wallet', '=', wallet)
    .executeTakeFirst();
  return row?.balance ?? '0';
}

/** The audit rows about one approval: its own, and those of what it executed. */
async function auditOf(approvalId: string) {
  return t.db
    .selectFrom('audit_log as a')
    .leftJoin('members as m', 'm.id', 'a.actor_id')
    .select(['a.action', 'm.username', 'a.detail'])
    .where((eb) =>
      eb.or([
        eb('a.subject', '=', `approval:${approvalId}`),
        eb(sql`a.detail->>'approvalId'`, '=', approvalId),
      ]),
    )
    .orderBy('a.id')
    .execute();
}

const credit = (username: string, amount: string, extra: Record<string, string> = {}) => ({
  username,
  currency: 'USDT',
  wallet: 'funds',
  direction: 'credit',
  amount,
  reason: 'four eyes test',
  ...extra,
});

describe('four eyes', () => {
  it('at or below the threshold an adjustment runs at once', async () => {
    const before = BigInt(await balance('grace01'));
    const r = await admin.move(ADJUST, credit('grace01', '10000'));
    expect(r.status).toBe(200);
    expect(BigInt(await balance('grace01')) - before).toBe(10_000_000_000n);
  });

  it('above it the adjustment waits (202), moves nothing, and the same admin cannot approve it', async () => {
    const before = await balance('henry01');
    const key = randomUUID();
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, credit('henry01', '1000000000'), key);
    expect(r.status).toBe(202);
    expect(r.body.approval).toMatchObject({
      kind: 'adjustment',
      status: 'pending',
      requestedBy: 'admin',
      usdValue: '1000000000.000000',
      mine: true,
      adjustment: { username: 'henry01', amount: '1000000000', direction: 'credit' },
    });
    expect(await balance('henry01')).toBe(before);
    // The same request again (a retry): the same answer, still one request.
    const retry = await admin.move<{ approval: TAdminApproval }>(
      ADJUST,
      credit('henry01', '1000000000'),
      key,
    );
    expect(retry.status).toBe(202);
    expect(retry.body.approval.id).toBe(r.body.approval.id);
    const list = await second.get<{ items: TAdminApproval[] }>('/api/admin/approvals?status=pending');
    expect(list.body.items.filter((a) => a.id === r.body.approval.id)).toEqual([
      expect.objectContaining({ mine: false, requestedBy: 'admin' }),
    ]);
    const own = await approve(admin, r.body.approval.id);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_OWN_REQUEST']);
    expect(await balance('henry01')).toBe(before);
  });

  it('a second admin approves: it executes once, and the audit log names both admins', async () => {
    const before = BigInt(await balance('irene01'));
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, credit('irene01', '25000'));
    const id = r.body.approval.id;
    const ok = await approve(second, id);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'approved',
      requestedBy: 'admin',
      decidedBy: 'admin2',
      mine: false,
    });
    expect(BigInt(await balance('irene01')) - before).toBe(25_000_000_000n);
    const again = await approve(second, id);
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_ALREADY_DECIDED']);
    expect(BigInt(await balance('irene01')) - before).toBe(25_000_000_000n);

    const ids = await t.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('username', 'in', ['admin', 'admin2'])
      .execute();
    const idOf = (u: string) => ids.find((m) => m.username === u)!.id;
    const rows = await auditOf(id);
    expect(rows.map((a) => [a.action, a.username])).toEqual([
      ['wallet.approval.request', 'admin'],
      ['wallet.balance.credit', 'admin2'],
      ['wallet.approval.approve', 'admin2'],
    ]);
    for (const row of rows.slice(1)) {
      expect(row.detail).toMatchObject({
        approvalId: id,
        requestedBy: idOf('admin'),
        approvedBy: idOf('admin2'),
      });
    }
  });

  it('admins approving at once pay once', async () => {
    const third = await makeStaff(t.db, 'admin3');
    const thirdClient = new Client(t.app);
    await thirdClient.loginAdmin(third);
    const extra = new Client(t.app);
    await extra.loginAdmin(DEMO_SECOND_ADMIN);
    const before = BigInt(await balance('jacky01'));
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, credit('jacky01', '50000'));
    const id = r.body.approval.id;
    const approvers = [second, extra, thirdClient, second, extra, thirdClient];
    const replies = await Promise.all(approvers.map((c) => approve(c, id)));
    expect(replies.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(BigInt(await balance('jacky01')) - before).toBe(50_000_000_000n);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'adjustment')
      .where(sql`meta->>'approvalId'`, '=', id)
      .execute();
    expect(transfers).toHaveLength(1);
  });

  it('a rejected request moves nothing and cannot be approved afterwards', async () => {
    const before = await balance('kevin01');
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, credit('kevin01', '20000'));
    const id = r.body.approval.id;
    const short = await second.post(`/api/admin/approvals/${id}/reject`, { reason: 'x' });
    expect(short.body.code).toBe('VALIDATION_FAILED');
    const rejected = await second.post<TAdminApproval>(`/api/admin/approvals/${id}/reject`, {
      reason: 'no ticket for this',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decidedBy: 'admin2',
      rejectReason: 'no ticket for this',
    });
    expect((await approve(second, id)).body.code).toBe('APPROVAL_ALREADY_DECIDED');
    expect(await balance('kevin01')).toBe(before);
    expect((await auditOf(id)).map((a) => [a.action, a.username])).toEqual([
      ['wallet.approval.request', 'admin'],
      ['wallet.approval.reject', 'admin2'],
    ]);
  });

  it('a manual deposit above the threshold waits too, and its approval credits the deposit once', async () => {
    const before = BigInt(await balance('frank01', 'USDT', 'deposit'));
    const body = {
      username: 'frank01',
      currency: 'USDT',
      network: 'TRC20',
      amount: '15000',
      txHash: 'f0'.repeat(32),
      reason: 'large wire',
    };
    const r = await admin.move<{ approval: TAdminApproval }>(DEPOSIT, body);
    expect(r.status).toBe(202);
    expect(r.body.approval).toMatchObject({ kind: 'manual_deposit', deposit: body });
    const ok = await approve(second, r.body.approval.id);
    expect(ok.status).toBe(200);
    expect(BigInt(await balance('frank01', 'USDT', 'deposit')) - before).toBe(15_000_000_000n);
    const deposits = await t.db
      .selectFrom('deposits as d')
      .innerJoin('members as m', 'm.id', 'd.member_id')
      .select(['d.amount', 'd.credited_by'])
      .where('m.username', '=', 'frank01')
      .execute();
    expect(deposits.map((d) => d.amount)).toEqual(['15000000000']);
  });

  it('a coin without a price always waits (pricing a coin at nothing does not bypass four eyes)', async () => {
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, {
      ...credit('grace01', '1'),
      currency: 'AIRDROP',
    });
    expect(r.status).toBe(202);
    expect(r.body.approval.usdValue).toBe('0.000000');
  });

  it('lowering a coin’s price first does not bring a large adjustment under the threshold', async () => {
    const setPrice = (usdPrice: string) =>
      admin.call('PUT', '/api/admin/prices', { currency: 'SCOIN', usdPrice });
    const adjust = () =>
      admin.move<{ approval?: TAdminApproval }>(ADJUST, {
        ...credit('grace01', '200000'),
        currency: 'SCOIN',
      });
    // 200,000 SCOIN at 0.10 USD: 20,000 USD, above the 10,000 threshold.
    expect((await adjust()).status).toBe(202);
    expect((await setPrice('0.01')).status).toBe(200);
    const lowered = await adjust();
    expect(lowered.status).toBe(202);
    expect(lowered.body.approval?.usdValue).toBe('20000.000000');
    // Lowering again within the memory keeps the first price remembered, not the one in between.
    expect((await setPrice('0.001')).status).toBe(200);
    expect((await adjust()).body.approval?.usdValue).toBe('20000.000000');
    // Once the memory has lapsed, the price now counts: 200 USD runs at once.
    await t.db
      .updateTable('currency_prices')
      .set({ four_eyes_floor_until: new Date(Date.now() - 1000) })
      .where('currency', '=', 'SCOIN')
      .execute();
    expect((await adjust()).status).toBe(200);
    expect((await setPrice('0.1')).status).toBe(200);
  });

  it('an approval that cannot execute stays pending and says why', async () => {
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, {
      ...credit('david01', '900000'),
      direction: 'debit',
    });
    expect(r.status).toBe(202);
    const refused = await approve(second, r.body.approval.id);
    expect(refused.body.code).toBe('LEDGER_INSUFFICIENT_FUNDS');
    const list = await admin.get<{ items: TAdminApproval[] }>('/api/admin/approvals?status=pending');
    expect(list.body.items.map((a) => a.id)).toContain(r.body.approval.id);
  });

  it('members and support are refused on the approvals; approving needs a fresh code', async () => {
    const r = await admin.move<{ approval: TAdminApproval }>(ADJUST, credit('grace01', '30000'));
    const id = r.body.approval.id;
    const member = new Client(t.app);
    await member.login('alice01');
    expect((await member.get('/api/admin/approvals')).body.code).toBe('FORBIDDEN');
    expect((await approve(member, id)).body.code).toBe('FORBIDDEN');
    expect((await member.post(`/api/admin/approvals/${id}/reject`, { reason: 'mine now' })).body.code).toBe(
      'FORBIDDEN',
    );
    const notFresh = new Client(t.app);
    await notFresh.loginStaff(DEMO_SECOND_ADMIN);
    expect((await approve(notFresh, id)).body.code).toBe('ADMIN_STEP_UP_REQUIRED');
    expect((await approve(second, randomUUID())).body.code).toBe('APPROVAL_NOT_FOUND');
  });

  it('leaves the books balanced', async () => {
    expect(await createLedgerService({ db: t.db }).audit()).toEqual({
      unbalanced: [],
      mismatchedAccounts: [],
    });
  });
});
