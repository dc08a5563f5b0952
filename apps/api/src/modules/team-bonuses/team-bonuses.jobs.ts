import type { Jobs } from '../../platform/jobs';
import type { BonusRunService } from './bonus-run.service';

export const BONUS_RUN_QUEUE = 'team-bonuses-daily-run';
/** Every day at 00:23 UTC: the day before has ended and its late purchases have had time to commit. */
export const BONUS_RUN_CRON = '23 0 * * *';

/** Yesterday (UTC) as `YYYY-MM-DD`. */
export const previousDay = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** The daily bonus run of the day before; a retry or a second worker resumes the same run, never pays twice. */
export async function scheduleBonusRuns(
  jobs: Jobs,
  runs: Pick<BonusRunService, 'run'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(BONUS_RUN_QUEUE);
  await jobs.schedule(BONUS_RUN_QUEUE, BONUS_RUN_CRON, {}, { tz: 'UTC' });
  await jobs.work(BONUS_RUN_QUEUE, async () => {
    const run = await runs.run(previousDay(new Date()));
    log.info({ run: run.id, period: run.periodStart, totals: run.totals }, 'bonus run completed');
  });
}
