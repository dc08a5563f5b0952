import type { TLiveEvent } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { listMemberDeposits } from '../wallet/member-deposits';
import { type DevChain, startDevChain } from './evm/dev-chain';
import { watcherFixture } from './evm-watcher-fixtures';

const USDT = (n: number) => BigInt(n) * 1_000_000n;

let db: Db;
let drop: () => Promise<void>;
let chain: DevChain;
let f: Awaited<ReturnType<typeof watcherFixture>>;

beforeAll(async () => {
  const made = await createTestDb();
  db = made.db;
  drop = made.drop;
  chain = await startDevChain({ blockIntervalMs: 0 });
  f = await watcherFixture(db, made.url, chain);
}, 60_000);

afterAll(async () => {
  await f?.live.close();
  await chain?.stop();
  await drop?.();
});

async function memberWithAddress(): Promise<{ id: string; address: string }> {
  const id = await makeMember(db, 'chain');
  return { id, address: await f.addresses.of(id, 'evm') };
}

async function depositBalance(memberId: string): Promise<bigint> {
  const balances = await f.ledger.balances(memberId);
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

describe('EVM deposit watcher', () => {
  it('credits a deposit exactly once at the sixth confirmation, and not before', async () => {
    const alice = await memberWithAddress();
    const watcher = f.watcher();
    await f.send(alice.address, USDT(25));
    await chain.mine(1);
    await watcher.pass();
    expect((await rowsOf(alice.id)).map((r) => r.status)).toEqual(['pending']);

    await chain.mine(4); // 5 confirmations
    await watcher.pass();
    expect((await rowsOf(alice.id))[0]?.status).toBe('pending');
    expect(await depositBalance(alice.id)).toBe(0n);
    const listed = await listMemberDeposits({ db, decimals: new Map([['USDT', 6]]) }, alice.id, {
      page: 1,
      pageSize: 20,
    });
    expect(listed.items).toMatchObject([
      { status: 'pending', confirmations: 5, required: 6, amount: '25.000000' },
    ]);

    await chain.mine(1); // the 6th
    const result = await watcher.pass();
    expect(result.credited).toBe(1);
    const [row] = await rowsOf(alice.id);
    expect(row).toMatchObject({ status: 'credited' });
    expect(row?.transfer_id).toBeTruthy();
    expect(await depositBalance(alice.id)).toBe(USDT(25));

    // Passes after that, and another watcher, credit nothing more.
    await chain.mine(2);
    await watcher.pass();
    await f.watcher().pass();
    expect(await depositBalance(alice.id)).toBe(USDT(25));
    expect(await creditsOf(alice.id)).toBe(1);
    const note = await db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('member_id', '=', alice.id)
      .execute();
    expect(note).toMatchObject([
      { kind: 'deposit_credited', params: { amount: '25.000000', currency: 'USDT' } },
    ]);
    const credited = await listMemberDeposits({ db, decimals: new Map([['USDT', 6]]) }, alice.id, {
      page: 1,
      pageSize: 20,
    });
    expect(credited.items).toMatchObject([{ status: 'credited', source: 'chain', amount: '25.000000' }]);
  });

  it('tells the member live: seen, each confirmation, credited', async () => {
    const hana = await memberWithAddress();
    const events: TLiveEvent[] = [];
    let creditedEvent: () => void = () => {};
    const credited = new Promise<void>((resolve) => {
      creditedEvent = resolve;
    });
    await f.live.ready();
    const unsubscribe = f.live.subscribe({
      memberId: hana.id,
      admin: false,
      send: (event) => {
        events.push(event);
        if (event.type === 'deposit' && event.status === 'credited') creditedEvent();
      },
      end: () => {},
    });
    const watcher = f.watcher();
    await f.send(hana.address, USDT(3));
    for (let i = 0; i < 6; i++) {
      await chain.mine(1);
      await watcher.pass();
    }
    await credited;
    unsubscribe();
    const deposits = events.filter((e) => e.type === 'deposit');
    expect(deposits.map((e) => [e.status, e.confirmations, e.required])).toEqual([
      ['pending', 1, 6],
      ['pending', 2, 6],
      ['pending', 3, 6],
      ['pending', 4, 6],
      ['pending', 5, 6],
      ['credited', 6, 6],
    ]);
    expect(events.some((e) => e.type === 'notification')).toBe(true);
  });

  it('shows a deposit below the minimum and never credits it; a stranger sees none of it', async () => {
    const bob = await memberWithAddress();
    const stranger = await memberWithAddress();
    await f.send(bob.address, 999_999n); // 0.999999 USDT, the minimum is 1
    await chain.mine(8);
    await f.watcher().pass();
    expect((await rowsOf(bob.id)).map((r) => r.status)).toEqual(['below_minimum']);
    expect(await depositBalance(bob.id)).toBe(0n);
    const decimals = new Map([['USDT', 6]]);
    const mine = await listMemberDeposits({ db, decimals }, bob.id, { page: 1, pageSize: 20 });
    expect(mine.items).toMatchObject([{ status: 'below_minimum', amount: '0.999999', source: 'chain' }]);
    const theirs = await listMemberDeposits({ db, decimals }, stranger.id, { page: 1, pageSize: 20 });
    expect(theirs.items).toEqual([]);
  });

  it('resumes after being killed mid-range without crediting twice', async () => {
    const carol = await memberWithAddress();
    for (let i = 0; i < 4; i++) {
      await f.send(carol.address, USDT(10 + i));
      await chain.mine(1);
    }
    await chain.mine(6);
    let batches = 0;
    const dying = f.watcher({
      batchBlocks: 2n,
      afterBatch: () => {
        batches++;
        if (batches === 1) throw new Error('killed');
      },
    });
    await expect(dying.pass()).rejects.toThrow('killed');
    const partly = await rowsOf(carol.id);
    expect(partly.length).toBeLessThan(4);
    const again = f.watcher({ batchBlocks: 2n });
    await again.pass();
    await again.pass();
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
    const watcher = f.watcher();
    await watcher.pass();
    const snapshot = await chain.snapshot();
    await f.send(dave.address, USDT(40));
    await chain.mine(3);
    await watcher.pass();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['pending']);

    await chain.revert(snapshot); // the deposit's transaction goes with the old branch
    await chain.mine(5); // a longer chain without it
    const result = await watcher.pass();
    expect(result.rewoundTo).not.toBeNull();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['orphaned']);
    await chain.mine(10);
    await watcher.pass();
    expect((await rowsOf(dave.id)).map((r) => r.status)).toEqual(['orphaned']);
    expect(await depositBalance(dave.id)).toBe(0n);
    expect(await creditsOf(dave.id)).toBe(0);
  });

  it('flags a credited deposit that a deeper reorg removed, and does not reverse it', async () => {
    const erin = await memberWithAddress();
    const watcher = f.watcher();
    await watcher.pass();
    const snapshot = await chain.snapshot();
    await f.send(erin.address, USDT(30));
    await chain.mine(6);
    await watcher.pass();
    expect((await rowsOf(erin.id))[0]?.status).toBe('credited');

    await chain.revert(snapshot);
    await chain.mine(8);
    await watcher.pass();
    const [row] = await rowsOf(erin.id);
    expect(row?.status).toBe('credited');
    expect(row?.flagged_at).toBeInstanceOf(Date);
    expect(await depositBalance(erin.id)).toBe(USDT(30));
  });

  it('credits 50 deposits of one block once each', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => memberWithAddress()));
    await f.sendMany(
      members.map((m) => m.address),
      members.map((_, i) => USDT(1 + i)),
    );
    await chain.mine(6);
    const result = await f.watcher().pass();
    expect(result.credited).toBe(50);
    await f.watcher().pass();
    for (const [i, m] of members.entries()) {
      expect(await depositBalance(m.id)).toBe(USDT(1 + i));
      expect(await creditsOf(m.id)).toBe(1);
    }
  });

  it('two watchers racing credit each deposit once', async () => {
    const fay = await memberWithAddress();
    const gus = await memberWithAddress();
    await f.send(fay.address, USDT(7));
    await f.send(gus.address, USDT(8));
    await chain.mine(6);
    const [a, b] = await Promise.all([f.watcher().pass(), f.watcher().pass()]);
    expect(a.credited + b.credited).toBe(2);
    expect(await depositBalance(fay.id)).toBe(USDT(7));
    expect(await depositBalance(gus.id)).toBe(USDT(8));
    expect(await creditsOf(fay.id)).toBe(1);
    expect(await creditsOf(gus.id)).toBe(1);
  });
});
