import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import { createLedgerService } from '../../apps/api/src/modules/ledger/ledger.service';
import { createBonusRunService } from '../../apps/api/src/modules/team-bonuses/bonus-run.service';
import { createBonusSettingsService } from '../../apps/api/src/modules/team-bonuses/bonus-settings';

export interface BonusRunFigures {
  computeMs: number;
  payMs: number;
  payouts: number;
  /** Members whose volumes the run moved (buyers and their placement ancestors). */
  membersMoved: number;
  /** The run's lines: members who paired (decision 37; before it, every member with new leg volume). */
  runLines: number;
  joinersCounted: number;
}

/**
 * One full daily run of `day` through the real service (compute in one transaction: the day's joiners up
 * the leg counts, volumes up the legs, ranks, carries, payout rows; then every payout through the ledger).
 */
export async function measureBonusRun(db: Db, day: string): Promise<BonusRunFigures> {
  const ledger = createLedgerService({ db });
  const settings = createBonusSettingsService({ db });
  const runs = createBonusRunService({ db, ledger, settings });
  const claimed = await db
    .insertInto('bonus_runs')
    .values({
      period_start: day,
      status: 'running',
      settings: JSON.stringify((await settings.current()).settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const countedBefore = await rootCount(db);
  let t0 = performance.now();
  await runs.compute(claimed.id);
  const computeMs = performance.now() - t0;
  t0 = performance.now();
  const payouts = await runs.pay(claimed.id);
  const payMs = performance.now() - t0;
  const counts = await sql<{ lines: number; moved: number }>`
    SELECT (SELECT count(*)::int FROM bonus_run_members WHERE run_id = ${claimed.id}) AS lines,
      (SELECT count(*)::int FROM member_volumes WHERE last_run_id = ${claimed.id}) AS moved`.execute(db);
  return {
    computeMs,
    payMs,
    payouts,
    membersMoved: counts.rows[0]!.moved,
    runLines: counts.rows[0]!.lines,
    joinersCounted: (await rootCount(db)) - countedBefore,
  };
}

/** The heap root's counted members: what the run's member count added. */
async function rootCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('member_leg_counts')
    .select(sql<string>`left_members + right_members`.as('n'))
    .where('member_id', '=', '1')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
