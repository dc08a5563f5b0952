import type { TAdminChainDeposit, TReconciliation } from '@app/contracts';
import { sql } from 'kysely';
import { type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../../test/test-app';
import { startTronMock, type TronMock } from '../../../../test/tron-mock';
import { type DevChain, startDevChain } from '../evm/dev-chain';
import { connectChainNetworks } from '../networks';

let chain: DevChain;
let tron: TronMock;
let tronUsdt: string;
let t: TestApp;
let admin: Client;
const DEPOSITS = '/api/admin/chain-deposits';
const RECONCILIATION = '/api/admin/reconciliation';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

async function memberId(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A deposit as the watcher records it (the watcher itself is tested elsewhere). */
async function seen(
  username: string,
  n: number,
  over: {
    status?: 'pending' | 'credited' | 'below_minimum' | 'orphaned';
    block?: number;
    flagged?: boolean;
  } = {},
) {
  const id = await memberId(username);
  const transfer =
    over.status === 'credited'
      ? (await t.db.selectFrom('ledger_transfers').select('id').limit(1).executeTakeFirstOrThrow()).id
      : null;
  await t.db
    .insertInto('chain_deposits')
    .values({
      id: `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
      network: 'ERC20',
      currency: 'USDT',
      member_id: id,
      address: await t.services.chain.addresses.of(id, 'evm'),
      tx_hash: hash(n),
      log_index: 0,
      block_number: String(over.block ?? 5),
      block_hash: hash(1000 + n),
      amount: String(n * 1_000_000),
      status: over.status ?? 'pending',
      transfer_id: transfer,
      flagged_at: over.flagged ? new Date() : null,
      credited_at: over.status === 'credited' ? new Date() : null,
    })
    .execute();
}

beforeAll(async () => {
  [chain, tron] = await Promise.all([startDevChain(), startTronMock()]);
  tronUsdt = tron.deployToken('tron-usdt-contract');
  const networks = await connectChainNetworks({
    rpcUrls: { ERC20: chain.url },
    tronApiUrl: tron.url,
    dev: { url: chain.url, tokens: chain.tokens, funder: chain.funder },
  });
  t = await createTestApp({}, { chain: networks });
  // The development chain stands in for Ethereum: its test tokens are the ERC-20 channels' contracts.
  for (const currency of ['USDT', 'USDC'] as const) {
    await t.db
      .updateTable('deposit_channels')
      .set({ token_address: chain.tokens[currency], token_decimals: 6 })
      .where('network', '=', 'ERC20')
      .where('currency', '=', currency)
      .execute();
  }
  await t.db
    .updateTable('deposit_channels')
    .set({ token_address: tronUsdt, token_decimals: 6 })
    .where('network', '=', 'TRC20')
    .where('currency', '=', 'USDT')
    .execute();
  admin = new Client(t.app);
  await admin.loginAdmin();
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
  await tron?.close();
});

describe('admin: chain deposits', () => {
  it('lists them with confirmations as far as the watcher has read, filtered by status', async () => {
    await t.db
      .insertInto('chain_cursors')
      .values({ network: 'ERC20', chain_id: '31337', genesis_hash: hash(9), block_number: '7' })
      .execute();
    await seen('alice01', 11, { block: 5 });
    await seen('bobby01', 12, { status: 'credited', block: 3 });
    await seen('alice01', 13, { status: 'below_minimum', block: 4 });
    await seen('bobby01', 14, { status: 'orphaned', block: 6, flagged: true });

    const pending = await admin.get<{ items: TAdminChainDeposit[] }>(`${DEPOSITS}?status=pending`);
    expect(pending.status).toBe(200);
    expect(pending.body.items).toHaveLength(1);
    expect(pending.body.items[0]).toMatchObject({
      username: 'alice01',
      network: 'ERC20',
      amount: '11.000000',
      txHash: hash(11),
      blockNumber: 5,
      status: 'pending',
      confirmations: 3,
      required: 6,
    });
    const credited = await admin.get<{ items: TAdminChainDeposit[] }>(`${DEPOSITS}?status=credited`);
    expect(credited.body.items.map((d) => [d.txHash, d.confirmations])).toEqual([[hash(12), 6]]);
    const below = await admin.get<{ items: TAdminChainDeposit[] }>(`${DEPOSITS}?status=below_minimum`);
    expect(below.body.items.map((d) => d.txHash)).toEqual([hash(13)]);
    const flagged = await admin.get<{ items: TAdminChainDeposit[] }>(`${DEPOSITS}?status=flagged`);
    expect(flagged.body.items.map((d) => d.txHash)).toEqual([hash(14)]);
    expect(flagged.body.items[0]!.flaggedAt).not.toBeNull();
    const all = await admin.get<{ items: TAdminChainDeposit[] }>(DEPOSITS);
    expect(all.body.items).toHaveLength(4);
    const bobby = await admin.get<{ items: TAdminChainDeposit[] }>(`${DEPOSITS}?q=BOBBY`);
    expect(bobby.body.items.map((d) => d.txHash).sort()).toEqual([hash(12), hash(14)]);
    const byHash = await admin.get<{ items: TAdminChainDeposit[] }>(
      `${DEPOSITS}?q=0x${hash(13).slice(2).toUpperCase()}`,
    );
    expect(byHash.body.items.map((d) => d.txHash)).toEqual([hash(13)]);
    expect((await admin.get(`${DEPOSITS}?status=lost`)).status).toBe(400);
  });

  it('refuses a manual deposit of a transaction the watcher already recorded', async () => {
    const r = await admin.move<{ code: string }>('/api/admin/deposits', {
      username: 'alice01',
      currency: 'USDT',
      network: 'ERC20',
      amount: '11',
      txHash: hash(11).toUpperCase().replace('0X', '0x'),
      reason: 'seen on etherscan',
    });
    expect([r.status, r.body.code]).toEqual([409, 'DEPOSIT_TX_KNOWN']);
  });
});

describe('admin: reconciliation', () => {
  it('sums what the hot wallet and deposit addresses hold on chain beside what members are owed', async () => {
    const alice = await t.services.chain.addresses.of(await memberId('alice01'), 'evm');
    const hot = t.services.chain.keys.hotWallet!.address;
    const send = (to: string, amount: bigint) =>
      chain.funder.writeContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Address, amount],
        account: chain.funder.account!,
        chain: chain.funder.chain,
      });
    await send(alice, 100_000_000n);
    await send(hot, 7_500_000n);
    await chain.mine(1);
    // On TRON (decision 69): the TRON hot wallet and the member's TRON deposit address.
    const aliceTron = await t.services.chain.addresses.of(await memberId('alice01'), 'tron');
    tron.mint(tronUsdt, aliceTron, 10_000_000n);
    tron.mint(tronUsdt, t.services.chain.keys.tronHotWallet!.address, 2_500_000n);

    const r = await admin.get<TReconciliation>(RECONCILIATION);
    expect(r.status).toBe(200);
    expect(r.body.unreadable).toEqual([]);
    const usdtHere = r.body.holdings.find((h) => h.network === 'ERC20' && h.currency === 'USDT');
    expect(usdtHere).toMatchObject({
      hotWallet: '7.500000',
      depositAddresses: '100.000000',
      token: chain.tokens.USDT,
    });
    expect(usdtHere!.addresses).toBeGreaterThanOrEqual(1);
    expect(r.body.holdings.find((h) => h.network === 'TRC20' && h.currency === 'USDT')).toMatchObject({
      hotWallet: '2.500000',
      depositAddresses: '10.000000',
      token: tronUsdt,
      addresses: 1,
    });
    expect(r.body.holdings.find((h) => h.currency === 'USDC')).toMatchObject({
      depositAddresses: '0.000000',
    });

    // What the ledger owes members, summed here independently of the service.
    const owed = await sql<{ posted: string }>`
      SELECT coalesce(sum(credits_posted - debits_posted), 0) AS posted FROM ledger_accounts
      WHERE member_id IS NOT NULL AND currency = 'USDT'`.execute(t.db);
    const owes = BigInt(owed.rows[0]!.posted);
    const usdt = r.body.currencies.find((c) => c.currency === 'USDT')!;
    const minor = (text: string) => BigInt(text.replace('.', ''));
    expect(minor(usdt.onChain)).toBe(120_000_000n);
    expect(minor(usdt.owed)).toBe(owes);
    expect(minor(usdt.difference)).toBe(120_000_000n - owes);
  });

  it('is for admins: a member and a stranger are refused', async () => {
    const member = new Client(t.app);
    await member.login('alice01');
    expect((await member.get(RECONCILIATION)).status).toBe(403);
    expect((await member.get(DEPOSITS)).status).toBe(403);
    const stranger = new Client(t.app);
    expect((await stranger.get(RECONCILIATION)).status).toBe(401);
    expect((await stranger.get(DEPOSITS)).status).toBe(401);
  });
});
