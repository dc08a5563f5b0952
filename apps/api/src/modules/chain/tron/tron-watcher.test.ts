import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import { startTronMock, type TronMock } from '../../../../test/tron-mock';
import type { Db } from '../../../db/database';
import { createLiveEvents, type LiveEvents } from '../../../platform/live-events';
import { createSecretBox } from '../../../platform/secret-box';
import { createLedgerService, type LedgerService } from '../../ledger/ledger.service';
import { createNotificationService } from '../../notifications/notifications.service';
import { listMemberDeposits } from '../../wallet/member-deposits';
import { walletForChain } from '../../wallet/wallet-for-chain';
import { createDepositAddresses, type DepositAddresses } from '../deposit-addresses';
import { createDepositWatcher, type WatcherOptions } from '../deposit-watcher';
import { loadChainKeys } from '../keys';
import { chainWatchersReadiness, registerChainWatcherMetrics } from '../watcher-health';
import { createTronApi } from './tron-api';
import { createTronReader } from './tron-reader';

const USDT = (n: number) => BigInt(n) * 1_000_000n;
const CONFIRMATIONS = 19;

let db: Db;
let drop: () => Promise<void>;
let tron: TronMock;
let usdt: string;
let addresses: DepositAddresses;
let ledger: LedgerService;
let live: LiveEvents;
let notify: ReturnType<typeof createNotificationService>['notify'];

beforeAll(async () => {
  const made = await createTestDb();
  db = made.db;
  drop = made.drop;
  tron = await startTronMock();
  usdt = tron.addressOf('tron-usdt-contract');
  await db
    .updateTable('deposit_channels')
    .set({ token_address: usdt, token_decimals: 6, min_amount: '1000000', confirmations: CONFIRMATIONS })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'TRC20')
    .execute();
  const keys = loadChainKeys({
    dataDir: mkdtempSync(join(tmpdir(), 'tron-watch-')),
    production: false,
    box: createSecretBox(randomBytes(32)),
  });
  addresses = createDepositAddresses({ db, keys });
  ledger = createLedgerService({ db });
  live = createLiveEvents({ databaseUrl: made.url });
  notify = createNotificationService({ db, live }).notify;
}, 60_000);

afterAll(async () => {
  await live?.close();
  await tron?.close();
  await drop?.();
});

function watcher(extra: Partial<WatcherOptions> = {}) {
  return createDepositWatcher({
    db,
    wallet: walletForChain,
    reader: createTronReader(createTronApi(tron.url), 10n),
    addresses,
    ledger,
    notify,
    live,
    log: pino({ level: 'silent' }),
    production: false,
    ...extra,
  });
}

async function memberWithAddress(): Promise<{ id: string; address: string }> {
  const id = await makeMember(db, 'tron');
  const address = await addresses.of(id, 'tron');
  tron.watch(address);
  return { id, address };
}

async function depositBalance(memberId: string): Promise<bigint> {
  const balances = await ledger.balances(memberId);
  return balances.find((b) => b.wallet === 'deposit' && b.currency === 'USDT')?.posted ?? 0n;
}

async function rowsOf(memberId: string) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('block_number')
    .execute();
}

async function creditsOf(memberId: string): Promise<number> {
  const rows = await db.selectFrom('deposits').select('id').where('member_id', '=', memberId).execute();
  return rows.length;
}

describe('TRON deposit watcher (TRC-20 USDT over the mock HTTP API)', () => {
  it('credits a deposit once at its confirmation threshold, and not before', async () => {
    const alice = await memberWithAddress();
    const w = watcher();
    tron.transfer(usdt, alice.address, USDT(25));
    tron.mine(1);
    await w.pass();
    const [seen] = await rowsOf(alice.id);
    expect(seen).toMatchObject({ status: 'pending', network: 'TRC20', address: alice.address });

    tron.mine(CONFIRMATIONS - 2); // one short
    expect((await w.pass()).credited).toBe(0);
    expect(await depositBalance(alice.id)).toBe(0n);
    const listed = await listMemberDeposits({ db, decimals: new Map([['USDT', 6]]) }, alice.id, {
      page: 1,
      pageSize: 20,
    });
    expect(listed.items).toMatchObject([
      { status: 'pending', confirmations: CONFIRMATIONS - 1, required: CONFIRMATIONS, amount: '25.000000' },
    ]);

    tron.mine(1);
    expect((await w.pass()).credited).toBe(1);
    expect((await rowsOf(alice.id))[0]?.status).toBe('credited');
    expect(await depositBalance(alice.id)).toBe(USDT(25));

    tron.mine(3);
    await w.pass();
    await watcher().pass();
    expect(await depositBalance(alice.id)).toBe(USDT(25));
    expect(await creditsOf(alice.id)).toBe(1);
  });

  it('resumes after being killed mid-range without crediting twice', async () => {
    const carol = await memberWithAddress();
    for (let i = 0; i < 4; i++) {
      tron.transfer(usdt, carol.address, USDT(10 + i));
      tron.mine(3);
    }
    tron.mine(CONFIRMATIONS);
    let batches = 0;
    const dying = createDepositWatcher({
      db,
      wallet: walletForChain,
      reader: createTronReader(createTronApi(tron.url), 3n),
      addresses,
      ledger,
      notify,
      live,
      log: pino({ level: 'silent' }),
      production: false,
      afterBatch: () => {
        batches++;
        if (batches === 2) throw new Error('killed');
      },
    });
    await expect(dying.pass()).rejects.toThrow('killed');
    expect((await rowsOf(carol.id)).length).toBeLessThan(4);
    await watcher().pass();
    await watcher().pass();
    expect((await rowsOf(carol.id)).map((r) => r.status)).toEqual([
      'credited',
      'credited',
      'credited',
      'credited',
    ]);
    expect(await depositBalance(carol.id)).toBe(USDT(10 + 11 + 12 + 13));
    expect(await creditsOf(carol.id)).toBe(4);
  });

  it('never credits a deposit whose block a reorg replaced', async () => {
    const dave = await memberWithAddress();
    const w = watcher();
    await w.pass();
    tron.transfer(usdt, dave.address, USDT(40));
    tron.mine(3);
    await w.pass();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['pending']);

    tron.reorg(3, 5); // the deposit's block and those after it replaced by a longer branch without it
    const result = await w.pass();
    expect(result.rewoundTo).not.toBeNull();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['orphaned']);
    tron.mine(CONFIRMATIONS + 2);
    await w.pass();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['orphaned']);
    expect(await depositBalance(dave.id)).toBe(0n);
    expect(await creditsOf(dave.id)).toBe(0);
  });

  it('flags a credited deposit that a deeper reorg removed, and does not reverse it', async () => {
    const erin = await memberWithAddress();
    const w = watcher();
    await w.pass();
    tron.transfer(usdt, erin.address, USDT(30));
    tron.mine(CONFIRMATIONS);
    await w.pass();
    expect((await rowsOf(erin.id))[0]?.status).toBe('credited');

    tron.reorg(CONFIRMATIONS, CONFIRMATIONS + 2);
    await w.pass();
    const [row] = await rowsOf(erin.id);
    expect(row?.status).toBe('credited');
    expect(row?.flagged_at).toBeInstanceOf(Date);
    expect(await depositBalance(erin.id)).toBe(USDT(30));
  });

  it('shows a deposit below the minimum and never credits it; other tokens and reverted transfers are ignored', async () => {
    const bob = await memberWithAddress();
    const other = tron.addressOf('another-trc20-token');
    tron.transfer(usdt, bob.address, 999_999n); // 0.999999 USDT, the minimum is 1
    tron.transfer(other, bob.address, USDT(5));
    tron.transfer(usdt, bob.address, USDT(6), 'REVERT');
    tron.mine(CONFIRMATIONS + 1);
    await watcher().pass();
    expect((await rowsOf(bob.id)).map((r) => [r.status, r.amount])).toEqual([['below_minimum', '999999']]);
    expect(await depositBalance(bob.id)).toBe(0n);
    const mine = await listMemberDeposits({ db, decimals: new Map([['USDT', 6]]) }, bob.id, {
      page: 1,
      pageSize: 20,
    });
    expect(mine.items).toMatchObject([{ status: 'below_minimum', amount: '0.999999', source: 'chain' }]);
  });

  it('a fork switch between reading a block and its transactions credits nothing of the old branch', async () => {
    const gil = await memberWithAddress();
    const w = watcher();
    await w.pass();
    tron.transfer(usdt, gil.address, USDT(12));
    tron.mine(1);
    const block = tron.head();
    let switched = false;
    // The node switches branch after answering the block and before answering its transaction infos.
    const switching: typeof fetch = async (input, init) => {
      const url = String(input);
      if (!switched && url.endsWith('/wallet/gettransactioninfobyblocknum')) {
        const body = JSON.parse(String(init?.body)) as { num: number };
        if (body.num === block) {
          switched = true;
          tron.reorg(1, 0);
          tron.transfer(usdt, gil.address, USDT(13)); // the new branch's block holds another transfer
          tron.mine(1);
        }
      }
      return fetch(input, init);
    };
    const straddled = createDepositWatcher({
      db,
      wallet: walletForChain,
      reader: createTronReader(createTronApi(tron.url, { fetch: switching }), 10n),
      addresses,
      ledger,
      notify,
      live,
      log: pino({ level: 'silent' }),
      production: false,
    });
    await straddled.pass();
    expect(switched).toBe(true);
    tron.mine(CONFIRMATIONS);
    await straddled.pass();
    // Only the transfer of the branch that stayed is credited; the 12 left with the old block.
    expect((await rowsOf(gil.id)).map((r) => [r.status, r.amount])).toEqual([['credited', '13000000']]);
    expect(await depositBalance(gil.id)).toBe(USDT(13));
  });

  it('reads the chain id as TRON does (the genesis id) and a reader error leaves the cursor where it was', async () => {
    const reader = createTronReader(createTronApi(tron.url));
    const { chainId, genesisHash } = await reader.identity();
    expect(chainId).toBe(Number.parseInt(genesisHash.slice(-8), 16));
    const before = await db
      .selectFrom('chain_cursors')
      .select('block_number')
      .where('network', '=', 'TRC20')
      .executeTakeFirstOrThrow();
    tron.mine(2);
    const down = createDepositWatcher({
      db,
      wallet: walletForChain,
      reader: createTronReader(createTronApi('http://127.0.0.1:9')),
      addresses,
      ledger,
      notify,
      live,
      log: pino({ level: 'silent' }),
      production: false,
    });
    await expect(down.pass()).rejects.toThrow();
    const after = await db
      .selectFrom('chain_cursors')
      .select('block_number')
      .where('network', '=', 'TRC20')
      .executeTakeFirstOrThrow();
    expect(after.block_number).toBe(before.block_number);
  });

  it('reports its health: ready while passing, not ready when its passes stop, lag and flagged as metrics', async () => {
    const check = chainWatchersReadiness({ db, wallet: walletForChain, networks: ['TRC20'] });
    tron.mine(5);
    await watcher().pass();
    expect(await check.run()).toEqual({ ok: true });

    const registry = new Registry();
    registerChainWatcherMetrics(registry, { db, wallet: walletForChain }, ['TRC20']);
    await db
      .updateTable('chain_cursors')
      .set({ head_number: sql`block_number + 7` })
      .where('network', '=', 'TRC20')
      .execute();
    const text = await registry.metrics();
    expect(text).toContain('chain_watcher_lag_blocks{network="TRC20"} 7');
    expect(text).toContain('chain_deposits_flagged{network="TRC20"} 1'); // the deeper reorg's, above

    // Seven blocks behind and the cursor still for two minutes: not keeping up.
    await db
      .updateTable('chain_cursors')
      .set({ updated_at: sql`now() - interval '2 minutes'` })
      .where('network', '=', 'TRC20')
      .execute();
    expect(await check.run()).toMatchObject({
      ok: false,
      detail: expect.stringContaining('7 blocks behind'),
    });
    // No pass for two minutes: the watcher is gone.
    await db
      .updateTable('chain_cursors')
      .set({ passed_at: sql`now() - interval '2 minutes'` })
      .where('network', '=', 'TRC20')
      .execute();
    expect(await check.run()).toMatchObject({
      ok: false,
      detail: expect.stringContaining('last watcher pass'),
    });
    // A pass puts it right.
    tron.mine(1);
    await watcher().pass();
    expect(await check.run()).toEqual({ ok: true });
  });
});
