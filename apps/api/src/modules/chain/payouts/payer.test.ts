import type { TAdminPayout, TAdminWithdrawal, TPage } from '@app/contracts';
import { type Address, erc20Abi, type Hex, parseEther, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../../test/test-app';
import { approvedWithdrawal, memberWithAddress } from '../../../../test/withdrawal-fixtures';
import { type DevChain, devAccount, startDevChain } from '../evm/dev-chain';
import { connectChainNetworks } from '../networks';
import { createPayer } from './payer';
import type { PayerContext } from './payer-context';
import { withPayoutLock } from './payout-lock';

let t: TestApp;
let chain: DevChain;
let admin: Client;
let alice: Client;
let base: PayerContext;
const MEMBER: Address = devAccount(7).address;
const CONFIRMATIONS = 3;
/** 100 USDT withdrawn, 5% fee (the seeded setting): 95 USDT paid out, in the token's 6 decimals. */
const PAID_OUT = 95_000_000n;

const rpc = (method: string, params: unknown[]) =>
  chain.client.request({ method, params } as never) as Promise<unknown>;

async function tokenBalance(address: Address) {
  return chain.client.readContract({
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

async function fundHotWallet(usdt: bigint) {
  const hot = base.hotWallet.address;
  const account = chain.funder.account!;
  await chain.funder.sendTransaction({ account, chain: chain.funder.chain, to: hot, value: parseEther('1') });
  await chain.funder.writeContract({
    account,
    chain: chain.funder.chain,
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [hot, usdt],
  });
  await chain.mine();
}

async function payout(withdrawalId: string) {
  return t.db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
}

async function withdrawal(id: string) {
  return t.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The hot wallet's token transfers to the member over the whole chain. */
async function transfersToMember() {
  const logs = await chain.client.getLogs({
    address: chain.tokens.USDT,
    event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
    args: { from: base.hotWallet.address, to: MEMBER },
    fromBlock: 0n,
    toBlock: 'latest',
  } as never);
  return parseEventLogs({ abi: erc20Abi, logs });
}

async function ranPass(payer = createPayer(base)) {
  const result = await payer.pass();
  expect(result.ran).toBe(true);
  return result;
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
    replaceAfterBlocks: 2,
    wallet: t.services.walletForChain,
    markPaid: t.services.wallet.withdrawals.markPaidOnChain,
  };
  await t.db
    .updateTable('deposit_channels')
    .set({ token_address: chain.tokens.USDT, auto_payout: true, confirmations: CONFIRMATIONS })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'ERC20')
    .execute();
  // Enough for the first three payouts and then some, not for a fourth of 190.
  await fundHotWallet(400_000_000n);
  admin = new Client(t.app);
  await admin.loginAdmin();
  alice = await memberWithAddress(t, 'alice01', 'ERC20', MEMBER);
}, 60_000);
afterAll(async () => {
  await chain?.stop();
  await t?.close();
});

describe('the payer', () => {
  it('pays an approved withdrawal: Paid with its hash after the confirmations, the amount on chain', async () => {
    const before = await tokenBalance(MEMBER);
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
    await ranPass();
    const sent = await payout(w.id);
    expect(sent).toMatchObject({ status: 'broadcast', attempts: 1, token_amount: PAID_OUT.toString() });

    // In flight: the admin sees it, a member does not; paying it by hand is refused (no double pay).
    const listed = await admin.get<TPage<TAdminPayout>>('/api/admin/payouts');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        withdrawalId: w.id,
        status: 'broadcast',
        txHash: sent!.tx_hash,
        attempts: 1,
      }),
    );
    expect((await alice.get('/api/admin/payouts')).status).toBe(403);
    const byHand = await admin.move(`/api/admin/withdrawals/${w.id}/paid`, {
      txHash: `0x${'ab'.repeat(32)}`,
    });
    expect(byHand.body.code).toBe('WITHDRAWAL_PAID_ON_CHAIN');

    await chain.mine(CONFIRMATIONS - 1);
    await ranPass();
    expect((await withdrawal(w.id)).status).toBe('approved');
    await chain.mine();
    await ranPass();
    const paid = await withdrawal(w.id);
    expect(paid).toMatchObject({ status: 'paid', tx_hash: sent!.tx_hash });
    expect(await tokenBalance(MEMBER)).toBe(before + PAID_OUT);
    expect((await payout(w.id))?.status).toBe('confirmed');
    // The same audit action and member notification as a payment by hand.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `withdrawal:${w.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'wallet.withdrawal.approve',
      'chain.payout.signed',
      'wallet.withdrawal.paid',
    ]);
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('kind', '=', 'withdrawal_paid')
      .execute();
    expect(told).toHaveLength(1);
  });

  it('sends once when it crashes between storing the signed transaction and broadcasting it', async () => {
    const before = await tokenBalance(MEMBER);
    const transfersBefore = (await transfersToMember()).length;
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
    const crashing = createPayer({
      ...base,
      afterSign: () => {
        throw new Error('killed after signing');
      },
    });
    await expect(crashing.pass()).rejects.toThrow('killed after signing');
    const stored = await payout(w.id);
    expect(stored?.status).toBe('signed');
    // Nothing reached the node.
    await expect(chain.client.getTransaction({ hash: stored!.tx_hash as Hex })).rejects.toThrow();

    // A new payer (a restarted worker) sends the stored transaction; a third one sends it again: known.
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    await ranPass();
    await chain.mine(CONFIRMATIONS);
    await ranPass();
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: stored!.tx_hash });
    expect((await transfersToMember()).length).toBe(transfersBefore + 1);
    expect(await tokenBalance(MEMBER)).toBe(before + PAID_OUT);
  });

  it('replaces a stuck payout with the same nonce and higher fees; exactly one hash is mined', async () => {
    const before = await tokenBalance(MEMBER);
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
    const payer = createPayer(base);
    await ranPass(payer);
    const first = (await payout(w.id))!;
    // The node loses it (a mempool eviction): blocks pass without it.
    expect(await rpc('hardhat_dropTransaction', [first.tx_hash])).toBe(true);
    await chain.mine();
    await ranPass(payer);
    expect((await payout(w.id))?.attempts).toBe(1);
    await chain.mine();
    await ranPass(payer);
    const replaced = (await payout(w.id))!;
    expect(replaced).toMatchObject({
      attempts: 2,
      nonce: first.nonce,
      tx_hashes: [first.tx_hash, replaced.tx_hash],
    });
    expect(replaced.tx_hash).not.toBe(first.tx_hash);
    expect(BigInt(replaced.max_priority_fee_per_gas)).toBeGreaterThanOrEqual(
      (BigInt(first.max_priority_fee_per_gas) * 11n) / 10n,
    );
    expect(BigInt(replaced.max_fee_per_gas)).toBeGreaterThanOrEqual(
      (BigInt(first.max_fee_per_gas) * 11n) / 10n,
    );
    // The first one turns up again (another node still had it): still only one can be mined.
    await chain.client.sendRawTransaction({ serializedTransaction: first.raw_tx as Hex }).catch(() => {});

    await chain.mine(CONFIRMATIONS);
    await ranPass(payer);
    const receipts = await Promise.all(
      replaced.tx_hashes.map((hash) =>
        chain.client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null),
      ),
    );
    const mined = receipts.filter((r) => r !== null);
    expect(mined).toHaveLength(1);
    expect(await withdrawal(w.id)).toMatchObject({ status: 'paid', tx_hash: mined[0]!.transactionHash });
    expect(await tokenBalance(MEMBER)).toBe(before + PAID_OUT);
  });

  it('leaves a withdrawal approved with an alert while the hot wallet is short, and pays once funded', async () => {
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '200' });
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
    const queue = await admin.get<TPage<TAdminWithdrawal>>('/api/admin/withdrawals?status=approved');
    expect(queue.body.items.find((i) => i.id === w.id)?.payoutAlert).toBe('HOT_WALLET_LOW_TOKEN');

    await fundHotWallet(200_000_000n);
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    expect((await withdrawal(w.id)).payout_alert).toBeNull();
    await chain.mine(CONFIRMATIONS);
    await ranPass();
    expect((await withdrawal(w.id)).status).toBe('paid');
  });

  it('puts a withdrawal whose transaction failed back in the admin queue and never pays it twice', async () => {
    const before = await tokenBalance(MEMBER);
    const w = await approvedWithdrawal(alice, admin, { currency: 'USDT', network: 'ERC20', amount: '100' });
    await ranPass();
    expect((await payout(w.id))?.status).toBe('broadcast');
    // The token contract reverts every call while the transaction is mined (as a paused token would).
    const code = await chain.client.getCode({ address: chain.tokens.USDT });
    await rpc('hardhat_setCode', [chain.tokens.USDT, '0x60006000fd']);
    await chain.mine();
    await rpc('hardhat_setCode', [chain.tokens.USDT, code]);
    await chain.mine(CONFIRMATIONS);
    await ranPass();
    expect((await payout(w.id))?.status).toBe('failed');
    expect(await withdrawal(w.id)).toMatchObject({ status: 'approved', payout_alert: 'PAYOUT_FAILED' });
    // Not signed again by itself: the admin decides (here, paying by hand is allowed again).
    await ranPass();
    expect(
      await t.db.selectFrom('chain_payouts').select('id').where('withdrawal_id', '=', w.id).execute(),
    ).toHaveLength(1);
    expect(await tokenBalance(MEMBER)).toBe(before);
    const byHand = await admin.move(`/api/admin/withdrawals/${w.id}/paid`, {
      txHash: `0x${'cd'.repeat(32)}`,
    });
    expect(byHand.status).toBe(200);
  });

  it('runs one payer per hot wallet at a time: another worker holding the lock skips the pass', async () => {
    const key = `ERC20:${base.hotWallet.address}`;
    const inside = await withPayoutLock(t.db, key, () => createPayer(base).pass());
    expect(inside).toEqual({ ran: false, inFlight: 0, considered: 0 });
    expect((await createPayer(base).pass()).ran).toBe(true);
  });
});
