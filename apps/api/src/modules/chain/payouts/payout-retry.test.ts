import { randomUUID } from 'node:crypto';
import type { TAdminPayout, TAdminPayoutAlerts, TPage, TPayoutRetried } from '@app/contracts';
import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../../test/test-app';
import { approvedWithdrawal, memberWithAddress } from '../../../../test/withdrawal-fixtures';
import { type DevChain, devAccount, startDevChain } from '../evm/dev-chain';
import { connectChainNetworks } from '../networks';
import { createPayer } from './payer';
import type { PayerContext } from './payer-context';

// Decision 68: an admin gives a withdrawal whose payout failed back to the hot wallet's payer.
let t: TestApp;
let chain: DevChain;
let admin: Client;
let alice: Client;
let base: PayerContext;
const MEMBER: Address = devAccount(8).address;
const CONFIRMATIONS = 2;
/** 100 USDT withdrawn, 5% fee (the seeded setting): 95 USDT paid out, in the token's 6 decimals. */
const PAID_OUT = 95_000_000n;
const retryUrl = (id: string) => `/api/admin/withdrawals/${id}/payout-retry`;

const rpc = (method: string, params: unknown[]) =>
  chain.client.request({ method, params } as never) as Promise<unknown>;

const tokenBalance = (address: Address) =>
  chain.client.readContract({
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

const payouts = (withdrawalId: string) =>
  t.db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('created_at')
    .execute();

const withdrawal = (id: string) =>
  t.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function pass() {
  expect((await createPayer(base).pass()).ran).toBe(true);
}

/** An approved withdrawal whose payout was mined and reverted (the token paused while it was mined). */
async function failedWithdrawal() {
  const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
  await pass();
  const code = await chain.client.getCode({ address: chain.tokens.USDT });
  await rpc('hardhat_setCode', [chain.tokens.USDT, '0x60006000fd']);
  await chain.mine();
  await rpc('hardhat_setCode', [chain.tokens.USDT, code]);
  await chain.mine(CONFIRMATIONS);
  await pass();
  expect(await withdrawal(w.id)).toMatchObject({ status: 'approved', payout_alert: 'PAYOUT_FAILED' });
  return w;
}

beforeAll(async () => {
  [t, chain] = await Promise.all([createTestApp(), startDevChain()]);
  const networks = await connectChainNetworks({ rpcUrls: { ERC20: chain.url } });
  const erc20 = networks.evm.get('ERC20')!;
  const hotWallet = t.services.chain.keys.hotWallet;
  if (!hotWallet) throw new Error('the test keys have no hot wallet');
  base = {
    db: t.db,
    network: 'ERC20',
    chainId: erc20.chainId,
    client: erc20.client,
    hotWallet,
    replaceAfterBlocks: 50,
    wallet: t.services.walletForChain,
    markPaid: t.services.wallet.withdrawals.markPaidOnChain,
  };
  await t.db
    .updateTable('deposit_channels')
    .set({ token_address: chain.tokens.USDT, auto_payout: true, confirmations: CONFIRMATIONS })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'ERC20')
    .execute();
  const account = chain.funder.account!;
  const hot = hotWallet.address;
  await chain.funder.sendTransaction({ account, chain: chain.funder.chain, to: hot, value: parseEther('1') });
  await chain.funder.writeContract({
    account,
    chain: chain.funder.chain,
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [hot, 1_000_000_000n],
  });
  await chain.mine();
  admin = new Client(t.app);
  await admin.loginAdmin();
  alice = await memberWithAddress(t, 'alice01', 'ERC20', MEMBER);
}, 60_000);
afterAll(async () => {
  await chain?.stop();
  await t?.close();
});

describe('retry payout', () => {
  it('puts a failed payout back for the payer: paid once more, audited, the same key answered again', async () => {
    const before = await tokenBalance(MEMBER);
    const w = await failedWithdrawal();
    const [failed] = await payouts(w.id);

    const alerts = await admin.get<TAdminPayoutAlerts>('/api/admin/payouts/alerts');
    expect(alerts.status).toBe(200);
    expect(alerts.body.items).toContainEqual(
      expect.objectContaining({
        withdrawalId: w.id,
        username: 'alice01',
        alert: 'PAYOUT_FAILED',
        payout: '95.000000',
        failedPayout: {
          id: failed!.id,
          error: expect.stringContaining('reverted'),
          hashes: [failed!.tx_hash],
        },
      }),
    );

    const key = randomUUID();
    const retried = await admin.move<TPayoutRetried>(retryUrl(w.id), {}, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ withdrawalId: w.id, retries: 1 });
    // The same request again (a lost answer): the same answer, nothing done twice.
    const again = await admin.move<TPayoutRetried>(retryUrl(w.id), {}, key);
    expect(again).toMatchObject({ status: 200, body: { withdrawalId: w.id, retries: 1 } });
    expect(await withdrawal(w.id)).toMatchObject({ payout_retries: 1, payout_alert: null });
    // A second retry before the payer signed the next one: nothing failed to retry.
    const twice = await admin.move(retryUrl(w.id), {});
    expect(twice).toMatchObject({ status: 409, body: { code: 'PAYOUT_NOT_FAILED' } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `withdrawal:${w.id}`)
      .where('action', '=', 'chain.payout.retry')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).not.toBeNull();

    await pass();
    const [, second] = await payouts(w.id);
    expect(second).toMatchObject({ status: 'broadcast' });
    expect(second!.id).not.toBe(failed!.id);
    const listed = await admin.get<TPage<TAdminPayout>>('/api/admin/payouts');
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        id: second!.id,
        withdrawalId: w.id,
        username: 'alice01',
        currency: 'USDT',
        payout: '95.000000',
        confirmations: 0,
        required: CONFIRMATIONS,
      }),
    );
    await chain.mine(CONFIRMATIONS);
    await pass();
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: second!.tx_hash });
    expect(await tokenBalance(MEMBER)).toBe(before + PAID_OUT);
    // Paid: nothing left to retry, and the alert list no longer has it.
    expect((await admin.move(retryUrl(w.id), {})).body.code).toBe('WITHDRAWAL_NOT_APPROVED');
    const after = await admin.get<TAdminPayoutAlerts>('/api/admin/payouts/alerts');
    expect(after.body.items.map((i) => i.withdrawalId)).not.toContain(w.id);
  });

  it('refuses members, strangers and an admin without a fresh code', async () => {
    const w = await failedWithdrawal();
    expect((await alice.move(retryUrl(w.id), {})).status).toBe(403);
    expect((await alice.get('/api/admin/payouts/alerts')).status).toBe(403);
    const stranger = new Client(t.app);
    expect((await stranger.move(retryUrl(w.id), {})).status).toBe(401);
    const notSteppedUp = new Client(t.app);
    await notSteppedUp.loginStaff();
    const refused = await notSteppedUp.move(retryUrl(w.id), {});
    expect(refused.body.code).toBe('ADMIN_STEP_UP_REQUIRED');
    expect(await withdrawal(w.id)).toMatchObject({ payout_retries: 0, payout_alert: 'PAYOUT_FAILED' });
    // Then paid by hand: still allowed after a failure.
    const byHand = await admin.move(`/api/admin/withdrawals/${w.id}/paid`, {
      txHash: `0x${'ef'.repeat(32)}`,
    });
    expect(byHand.status).toBe(200);
  });

  it('refuses to retry a payout in flight, and a withdrawal never paid by the platform', async () => {
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
    // Approved, no payout yet.
    expect((await admin.move(retryUrl(w.id), {})).body.code).toBe('PAYOUT_NOT_FAILED');
    await pass();
    const inFlight = await admin.move(retryUrl(w.id), {});
    expect(inFlight).toMatchObject({ status: 409, body: { code: 'PAYOUT_NOT_FAILED' } });
    expect((await admin.move(retryUrl(randomUUID()), {})).body.code).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await admin.move(retryUrl('not-a-uuid'), {})).status).toBe(400);
    await chain.mine(CONFIRMATIONS);
    await pass();
    expect((await withdrawal(w.id)).status).toBe('paid');
  });

  it('refuses a retry once the channel is paid by hand', async () => {
    const w = await failedWithdrawal();
    await t.db
      .updateTable('deposit_channels')
      .set({ auto_payout: false })
      .where('network', '=', 'ERC20')
      .execute();
    try {
      const refused = await admin.move(retryUrl(w.id), {});
      expect(refused).toMatchObject({ status: 409, body: { code: 'PAYOUT_CHANNEL_MANUAL' } });
    } finally {
      await t.db
        .updateTable('deposit_channels')
        .set({ auto_payout: true })
        .where('currency', '=', 'USDT')
        .where('network', '=', 'ERC20')
        .execute();
    }
  });
});
