import type { Jobs } from '../../platform/jobs';
import type { MiningPayoutService } from './mining-payouts.service';

export const MINING_PAYOUT_QUEUE = 'mining-payouts';
/** Every day at 00:23 UTC, once the UTC day before has ended; off the round minute other schedulers pick. */
export const MINING_PAYOUT_CRON = '23 0 * * *';

/** The UTC day before `now`, as YYYY-MM-DD. */
export const yesterdayUtc = (now = new Date()) =>
  new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** The daily payout run for yesterday; a run that was missed is caught up by the next one. */
export async function scheduleMiningPayouts(
  jobs: Jobs,
  payouts: Pick<MiningPayoutService, 'runPayouts'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(MINING_PAYOUT_QUEUE);
  await jobs.schedule(MINING_PAYOUT_QUEUE, MINING_PAYOUT_CRON, {}, { tz: 'UTC' });
  await jobs.work(MINING_PAYOUT_QUEUE, async () => {
    log.info(await payouts.runPayouts(yesterdayUtc()), 'mining payouts run');
  });
}
