import {
  type TBonusDryRun,
  type TBonusRun,
  type TBonusSettings,
  type TRunTotals,
  ZBonusSettings,
} from '@app/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordSystemAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { LedgerService } from '../ledger/ledger.service';
import type { Trx } from '../ledger/ledger.types';
import { computeRun, runTotals } from './bonus-run.sql';
import { type BonusSettingsService, decimalText, resolveSettings } from './bonus-settings';

/**
 * Payouts credited per transaction, through the ledger's set-based `transferEach` (at most 2,000): a few
 * statements per batch, not a few per payout.
 */
const PAY_BATCH = 2000;

/** Payment streams at once (see `pay`); two keep one stream's writes going while the other prepares. */
const PAY_STREAMS = 2;

/** Thrown inside a dry run's transaction to roll it back once its figures are read. */
class DryRunDone extends Error {
  constructor(readonly result: TBonusDryRun) {
    super('dry run');
  }
}

const dayMs = 86_400_000;

/** A date column as its `YYYY-MM-DD` text (pg would turn it into a Date at local midnight). */
const periodText = sql<string>`period_start::text`.as('period_start');
const runColumns = [
  'id',
  periodText,
  'status',
  'settings',
  'computed_at',
  'totals',
  'error',
  'started_at',
  'finished_at',
] as const;

/** The period must be a whole UTC day that has ended. */
function checkPeriodEnded(periodStart: string, now: Date): void {
  const end = Date.parse(`${periodStart}T00:00:00Z`) + dayMs;
  if (!Number.isFinite(end) || end > now.getTime()) throw new AppError('BONUS_PERIOD_INVALID');
}

/**
 * Daily bonus runs. `run(period)` is safe to call any number of times, at once or after a crash: the first
 * call computes the period in one transaction, every call pays what is still unpaid, and a completed
 * period pays nothing again.
 */
export function createBonusRunService(deps: {
  db: Db;
  ledger: LedgerService;
  settings: BonusSettingsService;
  now?: () => Date;
}) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function totalsOf(trx: Trx, runId: string, decimals: number): Promise<TRunTotals> {
    const t = await runTotals(trx, runId);
    return {
      members: t.members,
      payouts: t.payouts,
      sponsor: decimalText(t.sponsor, decimals),
      pairing: decimalText(t.pairing, decimals),
      total: decimalText(BigInt(t.sponsor) + BigInt(t.pairing), decimals),
    };
  }

  /** Refuses a period before one already computed: carries move forward one period after another. */
  async function checkOrder(trx: Kysely<Database>, periodStart: string): Promise<void> {
    const later = await trx
      .selectFrom('bonus_runs')
      .select('id')
      .where('period_start', '>', periodStart)
      .where('computed_at', 'is not', null)
      .executeTakeFirst();
    if (later) throw new AppError('BONUS_PERIOD_INVALID');
  }

  /** Phase 1, once per run: volumes, carries, ranks and payout rows, committed together. */
  async function compute(runId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const run = await trx
        .selectFrom('bonus_runs')
        .select([periodText, 'settings', 'computed_at'])
        .where('id', '=', runId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (run.computed_at) return;
      await checkOrder(trx, run.period_start);
      const resolved = await resolveSettings(trx, ZBonusSettings.parse(run.settings));
      await computeRun(trx, {
        id: runId,
        periodStart: run.period_start,
        currency: resolved.currency,
        volumeCurrencies: resolved.settings.volumeCurrencies,
        rules: resolved.rules,
      });
      const totals = await totalsOf(trx, runId, resolved.decimals);
      await trx
        .updateTable('bonus_runs')
        .set({ computed_at: new Date(), totals: JSON.stringify(totals) })
        .where('id', '=', runId)
        .execute();
    });
  }

  /**
   * Phase 2: credits up to `limit` unpaid payouts (all by default), a batch per transaction. A payout's id
   * is its ledger transfer's id, so a batch that committed in the ledger but not here is a replay next time.
   * The payouts are paid in PAY_STREAMS streams at once, split by member (a member's payouts, and so their
   * reward account, belong to one stream): each stream's batches lock the ledger accounts only for their
   * writes, and while one stream holds the shared expense account the other selects its next batch and
   * finds or creates its members' accounts (decision 37). A limited payment (a resume test's "pay n, then
   * stop") is one stream, so that it pays exactly n.
   */
  async function pay(runId: string, limit = Number.POSITIVE_INFINITY): Promise<number> {
    const streams = Number.isFinite(limit) ? 1 : PAY_STREAMS;
    if (streams > 1) {
      // The expense account exists before the streams start: otherwise, on the platform's first run, one
      // stream's batch creates it and the other waits on that whole transaction.
      const any = await db
        .selectFrom('bonus_payouts')
        .select('currency')
        .where('run_id', '=', runId)
        .limit(1)
        .executeTakeFirst();
      if (any) await ledger.systemAccount(db, 'bonus_expense', any.currency);
    }
    const paid = await Promise.all(
      Array.from({ length: streams }, (_, stream) => payStream(runId, { stream, streams }, limit)),
    );
    return paid.reduce((a, b) => a + b, 0);
  }

  /**
   * One stream of `pay`: the unpaid payouts of members with `member_id % streams = stream`. Each batch
   * first takes a transaction lock named by (run, stream): two callers resuming the same run take turns per
   * stream instead of racing for the same rows.
   */
  async function payStream(
    runId: string,
    part: { stream: number; streams: number },
    limit: number,
  ): Promise<number> {
    const lockKey = `bonus-pay:${runId}:${part.stream}/${part.streams}`;
    let paid = 0;
    // Batches go up by id from the last one (no re-reading of the rows just paid); a final sweep from the
    // start finds any row a concurrent caller's failed batch left unpaid behind the cursor.
    let after: string | null = null;
    while (paid < limit) {
      const size = Math.min(PAY_BATCH, limit - paid);
      const from = after;
      const done: { count: number; last: string } | null = await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
        let query = trx
          .selectFrom('bonus_payouts')
          .select(['id', 'member_id', 'type', 'amount_minor', 'currency', periodText])
          .where('run_id', '=', runId)
          .where('paid_at', 'is', null)
          .where(sql<string>`member_id % ${part.streams}`, '=', String(part.stream));
        if (from !== null) query = query.where('id', '>', from);
        const batch = await query.orderBy('id').limit(size).execute();
        if (batch.length === 0) return null;
        const currency = batch[0]!.currency;
        // A run pays in the currency its settings named; a batch of another would be a bug, not a case.
        if (batch.some((p) => p.currency !== currency)) throw new Error('a run pays in one currency');
        const source = await ledger.systemAccount(trx, 'bonus_expense', currency);
        const targets = await ledger.memberAccounts(
          trx,
          batch.map((p) => p.member_id),
          'reward',
          currency,
        );
        // One request per payout, not linked: each is idempotent by its own id (run, member, type).
        const results = await ledger.transferEach(
          batch.map((p) => [
            {
              id: p.id,
              debitAccountId: source.id,
              creditAccountId: targets.get(p.member_id)!.id,
              amount: BigInt(p.amount_minor),
              currency,
              kind: 'bonus' as const,
              memo: `${p.type} bonus ${p.period_start}`,
              meta: { run: runId, type: p.type },
            },
          ]),
          { trx },
        );
        const refused = results.find((r) => r instanceof Error);
        if (refused) throw refused;
        await trx
          .updateTable('bonus_payouts')
          .set({ paid_at: new Date() })
          .where('id', '=', sql<string>`ANY(${batch.map((p) => p.id)}::uuid[])`)
          .execute();
        return { count: batch.length, last: batch[batch.length - 1]!.id };
      });
      if (done === null) {
        if (from === null) break;
        after = null;
        continue;
      }
      paid += done.count;
      after = done.last;
    }
    return paid;
  }

  /** Creates the period's run with the settings in force, or finds the one already there. */
  async function claim(periodStart: string, startedBy: string | null) {
    const { settings } = await deps.settings.current();
    await db
      .insertInto('bonus_runs')
      .values({
        period_start: periodStart,
        status: 'running',
        settings: JSON.stringify(settings),
        started_by: startedBy,
      })
      .onConflict((oc) => oc.column('period_start').doNothing())
      .execute();
    return db
      .selectFrom('bonus_runs')
      .select(runColumns)
      .where('period_start', '=', periodStart)
      .executeTakeFirstOrThrow();
  }

  function view(row: {
    id: string;
    period_start: string;
    status: TBonusRun['status'];
    settings: unknown;
    totals: unknown;
    error: string | null;
    started_at: Date;
    finished_at: Date | null;
  }): TBonusRun {
    const totals = row.totals as Partial<TRunTotals>;
    return {
      id: row.id,
      periodStart: row.period_start,
      status: row.status,
      settings: ZBonusSettings.parse(row.settings),
      totals: totals && 'total' in totals ? (totals as TRunTotals) : null,
      error: row.error,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
    };
  }

  async function byId(id: string) {
    return view(
      await db.selectFrom('bonus_runs').select(runColumns).where('id', '=', id).executeTakeFirstOrThrow(),
    );
  }

  return {
    compute,
    pay,

    /** Runs (or resumes) the period's run to completion; a completed period is returned as it is. */
    run: async (periodStart: string, startedBy: string | null = null): Promise<TBonusRun> => {
      checkPeriodEnded(periodStart, now());
      const existing = await db
        .selectFrom('bonus_runs')
        .select('computed_at')
        .where('period_start', '=', periodStart)
        .executeTakeFirst();
      if (!existing?.computed_at) await checkOrder(db, periodStart);
      const run = await claim(periodStart, startedBy);
      if (run.status === 'completed') return view(run);
      try {
        if (run.status === 'failed') {
          await db
            .updateTable('bonus_runs')
            .set({ status: 'running', error: null })
            .where('id', '=', run.id)
            .execute();
        }
        await compute(run.id);
        await pay(run.id);
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('bonus_runs')
            .set({ status: 'completed', finished_at: new Date() })
            .where('id', '=', run.id)
            .execute();
          await recordSystemAudit(trx, {
            action: 'bonus.run.completed',
            subject: `bonus_run:${run.id}`,
            detail: { periodStart, startedBy },
          });
        });
      } catch (error) {
        await db
          .updateTable('bonus_runs')
          .set({ status: 'failed', error: error instanceof AppError ? error.code : 'RUN_FAILED' })
          .where('id', '=', run.id)
          .where('status', '<>', 'completed')
          .execute();
        throw error;
      }
      return byId(run.id);
    },

    /** What a run of the period would pay with the settings in force: computed, read, rolled back. */
    dryRun: async (periodStart: string): Promise<TBonusDryRun> => {
      checkPeriodEnded(periodStart, now());
      const { settings } = await deps.settings.current();
      const resolved = await resolveSettings(db, settings);
      try {
        await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('bonus_runs')
            .select(['id', 'computed_at'])
            .where('period_start', '=', periodStart)
            .executeTakeFirst();
          if (existing?.computed_at) throw new AppError('BONUS_PERIOD_INVALID');
          await checkOrder(trx, periodStart);
          const runId =
            existing?.id ??
            (
              await trx
                .insertInto('bonus_runs')
                .values({ period_start: periodStart, status: 'running', settings: JSON.stringify(settings) })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
          await computeRun(trx, {
            id: runId,
            periodStart,
            currency: resolved.currency,
            volumeCurrencies: settings.volumeCurrencies,
            rules: resolved.rules,
          });
          const top = await sql<{
            username: string;
            type: 'sponsor' | 'pairing';
            rank: TBonusSettings['ranks'][number]['rank'];
            base_minor: string;
            amount_minor: string;
            capped: boolean;
          }>`
            SELECT m.username, p.type, p.rank, p.base_minor::text, p.amount_minor::text, p.capped
            FROM bonus_payouts p JOIN members m ON m.id = p.member_id
            WHERE p.run_id = ${runId} ORDER BY p.amount_minor DESC, p.id LIMIT 20`.execute(trx);
          throw new DryRunDone({
            periodStart,
            currency: resolved.currency,
            totals: await totalsOf(trx, runId, resolved.decimals),
            top: top.rows.map((r) => ({
              username: r.username,
              type: r.type,
              rank: r.rank,
              base: decimalText(r.base_minor, resolved.decimals),
              amount: decimalText(r.amount_minor, resolved.decimals),
              capped: r.capped,
            })),
          });
        });
      } catch (error) {
        if (error instanceof DryRunDone) return error.result;
        throw error;
      }
      throw new Error('a dry run always rolls back');
    },

    list: async (page: number, pageSize: number) => {
      const rows = await db
        .selectFrom('bonus_runs')
        .select(runColumns)
        .orderBy('period_start', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(view), page, pageSize };
    },
  };
}

export type BonusRunService = ReturnType<typeof createBonusRunService>;
