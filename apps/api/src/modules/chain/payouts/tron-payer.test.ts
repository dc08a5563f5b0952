import type { TAdminPayout, TPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../../test/test-app';
import { startTronMock, TRON_MOCK_ENERGY_FEE, type TronMock } from '../../../../test/tron-mock';
import { approvedWithdrawal, memberWithAddress } from '../../../../test/withdrawal-fixtures';
import { tronHexOf } from '../tron/tron-address';
import { createTronApi } from '../tron/tron-api';
import type { TronTransaction } from '../tron/tron-transaction';
import { retryPayout } from './retry-payout';
import { createTronPayer } from './tron-payer';
import type { TronPayerContext } from './tron-payer-context';

let t: TestApp;
let tron: TronMock;
let admin: Client;
let alice: Client;
let base: TronPayerContext;
let usdt: string;
let member: string;
const CONFIRMATIONS = 3;
/** 100 USDT withdrawn, 5% fee (the seeded setting): 95 USDT paid out, in the token's 6 decimals. */
const PAID_OUT = 95_000_000n;
const FEE_LIMIT = 30_000_000;
/** A transaction expires 60 s (20 blocks of 3 s) after the head it was built on. */
const PAST_EXPIRATION = 21;

async function payout(withdrawalId: string) {
  return t.db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

async function withdrawal(id: string) {
  return t.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function ranPass(payer = createTronPayer(base)) {
  const result = await payer.pass();
  expect(result.ran).toBe(true);
  return result;
}

const hot = () => base.hotWallet.address;
const withdraw = (amount = '100') =>
  approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'TRC20', amount });

beforeAll(async () => {
  [t, tron] = await Promise.all([createTestApp(), startTronMock()]);
  const hotWallet = t.services.chain.keys.tronHotWallet;
  if (!hotWallet) throw new Error('the test keys have no TRON hot wallet');
  base = {
    db: t.db,
    api: createTronApi(tron.url),
    hotWallet,
    feeLimit: FEE_LIMIT,
    wallet: t.services.walletForChain,
    markPaid: t.services.wallet.withdrawals.markPaidOnChain,
  };
  usdt = tron.deployToken('tron-usdt-contract');
  member = tron.addressOf('tron-member-alice');
  await t.db
    .updateTable('deposit_channels')
    .set({ token_address: usdt, token_decimals: 6, auto_payout: true, confirmations: CONFIRMATIONS })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'TRC20')
    .execute();
  tron.mint(usdt, hot(), 1_000_000_000n);
  tron.setTrx(hot(), 1_000_000_000n);
  tron.mine();
  admin = new Client(t.app);
  await admin.loginAdmin();
  alice = await memberWithAddress(t, 'alice01', 'TRC20', member);
}, 60_000);
afterAll(async () => {
  await tron?.close();
  await t?.close();
});

describe('the TRON payer', () => {
  it('pays an approved withdrawal: Paid with its transaction id after the confirmations', async () => {
    const before = tron.tokenBalance(usdt, member);
    const w = await withdraw();
    await ranPass();
    const sent = (await payout(w.id))!;
    expect(sent).toMatchObject({
      status: 'broadcast',
      network: 'TRC20',
      from_address: hot(),
      to_address: member,
      token_amount: PAID_OUT.toString(),
      gas: String(FEE_LIMIT),
    });
    expect(tron.pendingBroadcasts()).toEqual([sent.tx_hash]);
    const listed = await admin.get<TPage<TAdminPayout>>('/api/admin/payouts');
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ withdrawalId: w.id, network: 'TRC20', txHash: sent.tx_hash }),
    );
    expect((await alice.get('/api/admin/payouts')).status).toBe(403);

    tron.mine(CONFIRMATIONS - 1);
    await ranPass();
    expect((await withdrawal(w.id)).status).toBe('approved');
    expect((await payout(w.id))?.mined_hash).toBe(sent.tx_hash);
    tron.mine();
    await ranPass();
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: sent.tx_hash });
    expect((await payout(w.id))?.status).toBe('confirmed');
    expect(tron.tokenBalance(usdt, member)).toBe(before + PAID_OUT);
    expect(tron.resultOf(sent.tx_hash)).toBe('SUCCESS');
    // Paid once: further passes sign nothing more.
    await ranPass();
    expect(
      await t.db.selectFrom('chain_payouts').select('id').where('withdrawal_id', '=', w.id).execute(),
    ).toHaveLength(1);
  });

  it('sends once when it crashes between storing the signed transaction and broadcasting it', async () => {
    const before = tron.tokenBalance(usdt, member);
    const w = await withdraw();
    const crashing = createTronPayer({
      ...base,
      afterSign: () => {
        throw new Error('killed after signing');
      },
    });
    await expect(crashing.pass()).rejects.toThrow('killed after signing');
    const stored = (await payout(w.id))!;
    expect(stored.status).toBe('signed');
    expect(tron.pendingBroadcasts()).toEqual([]);

    // A restarted worker sends the stored transaction; another one sends it again: a duplicate, fine.
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    await ranPass();
    expect(tron.pendingBroadcasts()).toEqual([stored.tx_hash]);
    tron.mine(CONFIRMATIONS);
    await ranPass();
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: stored.tx_hash });
    expect(tron.tokenBalance(usdt, member)).toBe(before + PAID_OUT);
  });

  it('rebuilds a transaction once it expired unmined, and never one that was mined', async () => {
    const before = tron.tokenBalance(usdt, member);
    const w = await withdraw();
    tron.fateOfNextBroadcast('drop');
    const payer = createTronPayer(base);
    await ranPass(payer);
    const first = (await payout(w.id))!;
    // Not yet expired: left alone, however long it waits.
    tron.mine(PAST_EXPIRATION - 2);
    await ranPass(payer);
    expect((await payout(w.id))?.attempts).toBe(1);
    tron.mine(2);
    await ranPass(payer);
    const rebuilt = (await payout(w.id))!;
    expect(rebuilt).toMatchObject({
      attempts: 2,
      status: 'broadcast',
      tx_hashes: [first.tx_hash, rebuilt.tx_hash],
    });
    expect(rebuilt.tx_hash).not.toBe(first.tx_hash);
    // The expired one cannot come back: the node refuses it.
    const again = await base.api.broadcast(JSON.parse(first.raw_tx) as TronTransaction);
    expect(again).toMatchObject({ ok: false, code: 'TRANSACTION_EXPIRATION_ERROR' });

    // Mined, then expired while waiting for confirmations: not rebuilt (the chain has it).
    tron.mine();
    tron.mine(PAST_EXPIRATION);
    await ranPass(payer);
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: rebuilt.tx_hash });
    expect((await payout(w.id))?.tx_hashes).toHaveLength(2);
    expect(tron.tokenBalance(usdt, member)).toBe(before + PAID_OUT);
  });

  it('puts a reverted payout back in the admin queue and never retries it by itself', async () => {
    const before = tron.tokenBalance(usdt, member);
    const w = await withdraw();
    tron.fateOfNextBroadcast('revert');
    await ranPass();
    tron.mine(CONFIRMATIONS);
    await ranPass();
    const failed = (await payout(w.id))!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('REVERT');
    expect(await withdrawal(w.id)).toMatchObject({ status: 'approved', payout_alert: 'PAYOUT_FAILED' });
    tron.mine(PAST_EXPIRATION);
    await ranPass();
    expect(
      await t.db.selectFrom('chain_payouts').select('id').where('withdrawal_id', '=', w.id).execute(),
    ).toHaveLength(1);
    expect(tron.tokenBalance(usdt, member)).toBe(before);
    // The admin may pay it by hand now.
    const byHand = await admin.move(`/api/admin/withdrawals/${w.id}/paid`, { txHash: 'cd'.repeat(32) });
    expect(byHand.status).toBe(200);
  });

  it('pays a failed payout again only after an admin retries it, once', async () => {
    const before = tron.tokenBalance(usdt, member);
    const w = await withdraw();
    tron.fateOfNextBroadcast('revert');
    await ranPass();
    tron.mine(CONFIRMATIONS);
    await ranPass();
    expect((await payout(w.id))?.status).toBe('failed');
    const adminId = (
      await t.db.selectFrom('members').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    await retryPayout(t.db, t.services.walletForChain, { memberId: String(adminId), ip: '127.0.0.1' }, w.id);
    await ranPass();
    const second = (await payout(w.id))!;
    expect(second.status).toBe('broadcast');
    tron.mine(CONFIRMATIONS);
    await ranPass();
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: second.tx_hash });
    expect(tron.tokenBalance(usdt, member)).toBe(before + PAID_OUT);
    expect(
      await t.db.selectFrom('chain_payouts').select('status').where('withdrawal_id', '=', w.id).execute(),
    ).toHaveLength(2);
  });

  it('alerts while the hot wallet lacks the token or the TRX, and pays once topped up', async () => {
    const tokenLeft = tron.tokenBalance(usdt, hot());
    const trxLeft = tron.trxBalance(hot());
    tron.mint(usdt, hot(), -tokenLeft);
    const w = await withdraw();
    await ranPass();
    await ranPass();
    expect(await payout(w.id)).toBeUndefined();
    expect(await withdrawal(w.id)).toMatchObject({
      status: 'approved',
      payout_alert: 'HOT_WALLET_LOW_TOKEN',
    });
    const alerts = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `withdrawal:${w.id}`)
      .where('action', '=', 'chain.payout.alert')
      .execute();
    expect(alerts).toHaveLength(1);

    tron.mint(usdt, hot(), tokenLeft);
    tron.setTrx(hot(), BigInt(FEE_LIMIT) - 1n);
    await ranPass();
    expect(await payout(w.id)).toBeUndefined();
    expect((await withdrawal(w.id)).payout_alert).toBe('HOT_WALLET_LOW_GAS');

    tron.setTrx(hot(), trxLeft);
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    expect((await withdrawal(w.id)).payout_alert).toBeNull();
    tron.mine(CONFIRMATIONS);
    await ranPass();
    expect((await withdrawal(w.id)).status).toBe('paid');
    expect(tron.trxBalance(hot())).toBe(trxLeft - TRON_MOCK_ENERGY_FEE);
  });

  it('signs nothing a node built other than the transfer asked for', async () => {
    const w = await withdraw();
    const thief = tron.addressOf('tron-thief-address');
    // The node swaps the receiver, in the bytes and the JSON alike, and hashes it honestly.
    tron.tamperNextBuild((tx) => {
      const value = tx.raw_data.contract[0]!.parameter.value;
      const thiefHex = tronHexOf(thief);
      value.data = value.data!.slice(0, 8) + thiefHex.slice(2).padStart(64, '0') + value.data!.slice(72);
      tron.rehash(tx);
    });
    await expect(createTronPayer(base).pass()).rejects.toThrow(/not the transfer asked for: call data/);
    expect(await payout(w.id)).toBeUndefined();
    expect(tron.pendingBroadcasts()).toEqual([]);
    // The next build is honest: paid.
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    tron.mine(CONFIRMATIONS);
    await ranPass();
    expect((await withdrawal(w.id)).status).toBe('paid');
  });

  it('leaves a channel paid by hand alone', async () => {
    await t.db
      .updateTable('deposit_channels')
      .set({ auto_payout: false })
      .where('currency', '=', 'USDT')
      .where('network', '=', 'TRC20')
      .execute();
    try {
      const w = await withdraw();
      const result = await ranPass();
      expect(result.considered).toBe(0);
      expect(await payout(w.id)).toBeUndefined();
      expect(tron.pendingBroadcasts()).toEqual([]);
    } finally {
      await t.db
        .updateTable('deposit_channels')
        .set({ auto_payout: true })
        .where('currency', '=', 'USDT')
        .where('network', '=', 'TRC20')
        .execute();
    }
  });
});
