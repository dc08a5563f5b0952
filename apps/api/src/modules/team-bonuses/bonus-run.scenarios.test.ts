import type { TBonusSettings } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { createLedgerService } from '../ledger/ledger.service';
import { createBonusRunService } from './bonus-run.service';
import { createBonusSettingsService } from './bonus-settings';

/**
 * The bonus maths on a real database. Amounts are whole USDT (6 decimals). The rules used here: Fans pays
 * nothing; Analyst (100 personal) pays 10% sponsor and 10% pairing with a daily cap of 50; Developer
 * (1000 personal) pays 20% pairing, cap 1000.
 */
const settings: TBonusSettings = {
  payoutCurrency: 'USDT',
  volumeCurrencies: ['USDT', 'USDC'],
  ranks: [
    {
      rank: 'Fans',
      minPersonal: '0',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 0,
      pairingBps: 0,
      dailyCap: '0',
    },
    {
      rank: 'Analyst',
      minPersonal: '100',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 1000,
      pairingBps: 1000,
      dailyCap: '50',
    },
    {
      rank: 'Developer',
      minPersonal: '1000',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 1000,
      pairingBps: 2000,
      dailyCap: '1000',
    },
    {
      rank: 'Operator',
      minPersonal: '1000000',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 0,
      pairingBps: 0,
      dailyCap: '0',
    },
    {
      rank: 'Investor',
      minPersonal: '1000000',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 0,
      pairingBps: 0,
      dailyCap: '0',
    },
  ],
};
const U = 1_000_000n;
const DAY1 = '2026-01-01';
const DAY2 = '2026-01-02';
const DAY3 = '2026-01-03';

const { db, drop } = await createTestDb();
afterAll(drop);
const ledger = createLedgerService({ db });
const settingsService = createBonusSettingsService({ db });
const runs = createBonusRunService({ db, ledger, settings: settingsService });
const admin = { memberId: '', ip: '127.0.0.1' };

let n = 0;
async function member(
  parent: string | null,
  side: 'left' | 'right' | null,
  sponsor = parent,
): Promise<string> {
  n++;
  const depth = parent
    ? (
        await db
          .selectFrom('members')
          .select('placement_depth')
          .where('id', '=', parent)
          .executeTakeFirstOrThrow()
      ).placement_depth + 1
    : 0;
  const row = await db
    .insertInto('members')
    .values({
      username: `bonus${process.pid % 1000}x${n}`,
      email: null,
      mobile: null,
      full_name: null,
      password_hash: 'not-a-login',
      transaction_password_hash: null,
      role: 'member',
      sponsor_id: sponsor,
      placement_parent_id: parent,
      placement_side: side,
      placement_depth: depth,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function buy(memberId: string, usdt: bigint, day: string, currency = 'USDT'): Promise<void> {
  n++;
  await db
    .insertInto('volume_events')
    .values({
      member_id: memberId,
      source: 'mining',
      source_id: `scenario-${process.pid}-${n}`,
      amount_minor: (usdt * U).toString(),
      currency,
      created_at: `${day}T12:00:00Z`,
    })
    .execute();
}

async function rewardOf(memberId: string): Promise<bigint> {
  const balances = await ledger.balances(memberId);
  return balances.find((b) => b.wallet === 'reward' && b.currency === 'USDT')?.posted ?? 0n;
}

async function carryOf(memberId: string) {
  const row = await db
    .selectFrom('member_volumes')
    .select(['left_carry_minor', 'right_carry_minor'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { left: BigInt(row.left_carry_minor) / U, right: BigInt(row.right_carry_minor) / U };
}

async function payoutsOf(memberId: string) {
  return db
    .selectFrom('bonus_payouts')
    .select(['type', 'amount_minor', 'capped', 'rank', sql<string>`period_start::text`.as('period')])
    .where('member_id', '=', memberId)
    .orderBy('period_start')
    .orderBy('type')
    .execute();
}

/** Each scenario gets a fresh bonus history (runs go in period order). */
beforeEach(async () => {
  for (const t of ['bonus_payouts', 'bonus_run_members', 'member_volumes']) {
    await sql`DELETE FROM ${sql.table(t)}`.execute(db);
  }
  await sql`ALTER TABLE rank_history DISABLE TRIGGER rank_history_append_only`.execute(db);
  await sql`DELETE FROM rank_history`.execute(db);
  await sql`ALTER TABLE rank_history ENABLE TRIGGER rank_history_append_only`.execute(db);
  await sql`DELETE FROM bonus_runs`.execute(db);
  await sql`ALTER TABLE volume_events DISABLE TRIGGER volume_events_append_only`.execute(db);
  await sql`DELETE FROM volume_events`.execute(db);
  await sql`ALTER TABLE volume_events ENABLE TRIGGER volume_events_append_only`.execute(db);
  await settingsService.update(admin, settings);
});

const admin0 = await member(null, null);
admin.memberId = admin0;

describe('pairing carry forward over several periods', () => {
  it('pairs the weaker leg, carries the rest of the stronger one, and uses the carry next day', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(top, 100n, DAY1); // top becomes Analyst: 10% pairing, cap 50

    await buy(left, 300n, DAY1);
    await buy(right, 100n, DAY1);
    await runs.run(DAY1);
    expect(await carryOf(top)).toEqual({ left: 200n, right: 0n });

    await buy(right, 150n, DAY2);
    await runs.run(DAY2);
    expect(await carryOf(top)).toEqual({ left: 50n, right: 0n });

    await buy(right, 20n, DAY3);
    await runs.run(DAY3);
    expect(await carryOf(top)).toEqual({ left: 30n, right: 0n });

    const pairing = (await payoutsOf(top)).filter((p) => p.type === 'pairing');
    expect(pairing.map((p) => [p.period, BigInt(p.amount_minor)])).toEqual([
      [DAY1, 10n * U],
      [DAY2, 15n * U],
      [DAY3, 2n * U],
    ]);
    // Sponsor: top sponsored both, 10% of 300 + 100 on day 1 (own purchase is not sponsor volume).
    const sponsor = (await payoutsOf(top)).filter((p) => p.type === 'sponsor');
    expect(sponsor.map((p) => BigInt(p.amount_minor))).toEqual([40n * U, 15n * U, 2n * U]);
    expect(await rewardOf(top)).toBe((10n + 15n + 2n + 40n + 15n + 2n) * U);
  });

  it('adds volume up a deep unbalanced leg to every ancestor, on the side it came up', async () => {
    const top = await member(null, null);
    let node = await member(top, 'left');
    const chain = [node];
    for (let i = 0; i < 30; i++) {
      node = await member(node, i % 2 === 0 ? 'right' : 'left');
      chain.push(node);
    }
    await buy(node, 70n, DAY1);
    await runs.run(DAY1);
    const rows = await db
      .selectFrom('member_volumes')
      .select(['member_id', 'left_total_minor', 'right_total_minor'])
      .where('member_id', 'in', [top, ...chain])
      .execute();
    const byId = new Map(
      rows.map((r) => [r.member_id, BigInt(r.left_total_minor) + BigInt(r.right_total_minor)]),
    );
    expect(byId.get(top)).toBe(70n * U);
    expect(byId.get(chain[0]!)).toBe(70n * U);
    expect(byId.get(chain[29]!)).toBe(70n * U);
    const topRow = rows.find((r) => r.member_id === top)!;
    expect(BigInt(topRow.left_total_minor)).toBe(70n * U); // came up the left leg of top
    expect(await carryOf(top)).toEqual({ left: 70n, right: 0n }); // nothing to pair: an unbalanced tree
  });
});

describe('the daily cap', () => {
  it('pays at most the cap for one day and does not carry the matched volume over it', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(top, 100n, DAY1); // Analyst: cap 50
    await buy(left, 2000n, DAY1);
    await buy(right, 1000n, DAY1);
    await runs.run(DAY1);
    const [pairing] = (await payoutsOf(top)).filter((p) => p.type === 'pairing');
    expect(BigInt(pairing!.amount_minor)).toBe(50n * U); // 10% of 1000 = 100, capped at 50
    expect(pairing!.capped).toBe(true);
    expect(await carryOf(top)).toEqual({ left: 1000n, right: 0n });
  });
});

describe('a rank change mid-period', () => {
  it('pays the whole period at the rank reached by its end, and records the change', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(left, 100n, DAY1);
    await buy(right, 100n, DAY1);
    await buy(top, 1000n, DAY1); // Fans -> Developer during the day: 20% pairing
    await runs.run(DAY1);
    const [pairing] = (await payoutsOf(top)).filter((p) => p.type === 'pairing');
    expect(pairing).toMatchObject({ rank: 'Developer', amount_minor: (20n * U).toString() });
    const member_ = await db
      .selectFrom('members')
      .select(sql<string>`member_rank(id)`.as('rank'))
      .where('id', '=', top)
      .executeTakeFirstOrThrow();
    expect(member_.rank).toBe('Developer');
    const history = await db
      .selectFrom('rank_history')
      .select(['from_rank', 'to_rank'])
      .where('member_id', '=', top)
      .execute();
    expect(history).toEqual([{ from_rank: 'Fans', to_rank: 'Developer' }]);
  });
});

describe('sponsor bonus', () => {
  it('pays the sponsor a rate of a direct referral’s purchases, by the sponsor’s rank, not the placement parent', async () => {
    const sponsor = await member(null, null);
    const parent = await member(null, null);
    const referral = await member(parent, 'left', sponsor);
    await buy(sponsor, 100n, DAY1); // Analyst: 10%
    await buy(referral, 250n, DAY1);
    await buy(referral, 50n, DAY1, 'USDC');
    await runs.run(DAY1);
    expect((await payoutsOf(sponsor)).map((p) => [p.type, BigInt(p.amount_minor)])).toEqual([
      ['sponsor', 30n * U],
    ]);
    expect(await payoutsOf(parent)).toEqual([]); // a Fans parent earns nothing
  });
});

describe('idempotent runs', () => {
  it('a re-run of a completed period pays nothing', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(top, 100n, DAY1);
    await buy(left, 100n, DAY1);
    await buy(right, 100n, DAY1);
    const first = await runs.run(DAY1);
    const paid = await rewardOf(top);
    const again = await runs.run(DAY1);
    expect(again).toEqual(first);
    await Promise.all([runs.run(DAY1), runs.run(DAY1)]);
    expect(await rewardOf(top)).toBe(paid);
    expect(first.status).toBe('completed');
    expect(first.totals).toMatchObject({ sponsor: '20.000000', pairing: '10.000000', total: '30.000000' });
  });

  it('two runs of the same day started at once pay once', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(top, 100n, DAY1);
    await buy(left, 100n, DAY1);
    await buy(right, 100n, DAY1);
    const [a, b] = await Promise.all([runs.run(DAY1), runs.run(DAY1)]);
    expect(a.status).toBe('completed');
    expect(b.id).toBe(a.id);
    expect(await rewardOf(top)).toBe(30n * U);
  });

  it('a run that crashed after some payouts resumes and pays each exactly once', async () => {
    const top = await member(null, null);
    const kids = [await member(top, 'left'), await member(top, 'right')];
    await buy(top, 100n, DAY1);
    for (const k of kids) await buy(k, 100n, DAY1);
    // Crash simulation: the compute phase committed, one payout was credited, then the process died.
    const claimed = await db
      .insertInto('bonus_runs')
      .values({ period_start: DAY1, status: 'running', settings: JSON.stringify(settings) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runs.compute(claimed.id);
    expect(await runs.pay(claimed.id, 1)).toBe(1);
    const run = await runs.run(DAY1);
    expect(run.status).toBe('completed');
    expect(await rewardOf(top)).toBe((20n + 10n) * U); // sponsor 10% of 200 + pairing 10% of 100
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`meta->>'run' = ${run.id}`)
      .executeTakeFirstOrThrow();
    expect(transfers.n).toBe(2);
  });
});

describe('dry run', () => {
  it('pays nothing, changes nothing, and matches the real run', async () => {
    const top = await member(null, null);
    const left = await member(top, 'left');
    const right = await member(top, 'right');
    await buy(top, 100n, DAY1);
    await buy(left, 400n, DAY1);
    await buy(right, 300n, DAY1);
    const preview = await runs.dryRun(DAY1);
    expect(await rewardOf(top)).toBe(0n);
    expect(await db.selectFrom('bonus_runs').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('member_volumes').select('member_id').execute()).toEqual([]);
    const real = await runs.run(DAY1);
    expect(preview.totals).toEqual(real.totals);
  });

  it('refuses a period that has not ended', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await expect(runs.dryRun(today)).rejects.toMatchObject({ code: 'BONUS_PERIOD_INVALID' });
    await expect(runs.run(today)).rejects.toMatchObject({ code: 'BONUS_PERIOD_INVALID' });
  });

  it('refuses a period before one already computed', async () => {
    await runs.run(DAY2);
    await expect(runs.run(DAY1)).rejects.toMatchObject({ code: 'BONUS_PERIOD_INVALID' });
  });
});
