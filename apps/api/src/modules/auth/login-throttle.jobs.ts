import type { Jobs } from '../../platform/jobs';
import type { LoginThrottle } from './login-throttle';

export const LOGIN_THROTTLE_PURGE_QUEUE = 'login-throttle-purge';
/** Every day at 04:17 UTC: a quiet hour, away from the other schedules. */
export const LOGIN_THROTTLE_PURGE_CRON = '17 4 * * *';

/** The daily removal of login counts nobody has added to for a month (LoginThrottle.purgeStale). */
export async function scheduleLoginThrottlePurge(
  jobs: Jobs,
  throttle: Pick<LoginThrottle, 'purgeStale'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(LOGIN_THROTTLE_PURGE_QUEUE);
  await jobs.schedule(LOGIN_THROTTLE_PURGE_QUEUE, LOGIN_THROTTLE_PURGE_CRON, {}, { tz: 'UTC' });
  await jobs.work(LOGIN_THROTTLE_PURGE_QUEUE, async () => {
    const removed = await throttle.purgeStale();
    log.info({ removed }, 'old login counts removed');
  });
}
