import type { Jobs } from '../../platform/jobs';
import type { ExchangeKeyService } from './exchange-keys.service';

export const KEY_RECHECK_QUEUE = 'exchange-keys-recheck';
/** Every day at 03:17 UTC: a quiet hour, off the round minute every other scheduler picks. */
export const KEY_RECHECK_CRON = '17 3 * * *';

/** The daily re-check of every bound key's rights (the work itself is ExchangeKeyService.recheckAll). */
export async function scheduleKeyRechecks(
  jobs: Jobs,
  keys: Pick<ExchangeKeyService, 'recheckAll'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(KEY_RECHECK_QUEUE);
  await jobs.schedule(KEY_RECHECK_QUEUE, KEY_RECHECK_CRON, {}, { tz: 'UTC' });
  await jobs.work(KEY_RECHECK_QUEUE, async () => {
    log.info(await keys.recheckAll(), 'exchange keys re-checked');
  });
}
