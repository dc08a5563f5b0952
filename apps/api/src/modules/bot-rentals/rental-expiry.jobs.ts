import type { Jobs } from '../../platform/jobs';
import type { RentalExpiryNotices } from './rental-expiry';

export const RENTAL_EXPIRY_QUEUE = 'bot-rental-expiry-notices';
/** Every day at 08:41 UTC: daytime across the members' time zones, off the round minute. */
export const RENTAL_EXPIRY_CRON = '41 8 * * *';

/** The daily notice to members whose rental ends within three days (the work is notifyExpiring). */
export async function scheduleRentalExpiryNotices(
  jobs: Jobs,
  notices: Pick<RentalExpiryNotices, 'notifyExpiring'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(RENTAL_EXPIRY_QUEUE);
  await jobs.schedule(RENTAL_EXPIRY_QUEUE, RENTAL_EXPIRY_CRON, {}, { tz: 'UTC' });
  await jobs.work(RENTAL_EXPIRY_QUEUE, async () => {
    log.info(await notices.notifyExpiring(), 'bot rental expiry notices sent');
  });
}
