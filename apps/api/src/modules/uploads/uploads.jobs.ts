import type { Jobs } from '../../platform/jobs';
import type { UploadService } from './uploads.service';

export const UPLOAD_CLEANUP_QUEUE = 'uploads-cleanup';
/** Every day at 04:43 UTC: a quiet hour, away from the other schedules. */
export const UPLOAD_CLEANUP_CRON = '43 4 * * *';
/** An upload nothing has claimed after a week belongs to a form that was never sent. */
export const ABANDONED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The daily removal of abandoned uploads (the work itself is UploadService.removeAbandoned). */
export async function scheduleUploadCleanup(
  jobs: Jobs,
  uploads: Pick<UploadService, 'removeAbandoned'>,
  log: { info: (obj: object, msg: string) => void },
): Promise<void> {
  await jobs.createQueue(UPLOAD_CLEANUP_QUEUE);
  await jobs.schedule(UPLOAD_CLEANUP_QUEUE, UPLOAD_CLEANUP_CRON, {}, { tz: 'UTC' });
  await jobs.work(UPLOAD_CLEANUP_QUEUE, async () => {
    const removed = await uploads.removeAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS));
    log.info({ removed }, 'abandoned uploads removed');
  });
}
