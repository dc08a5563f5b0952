import type { TronApi } from './tron-api';

/**
 * Asks the TRON API for its head once at worker start (decision 69), so an unreachable or mistyped
 * TRON_API_URL shows in the log at once rather than as deposits and payouts that never move. Never throws:
 * the watcher and the payer retry on their own, and the bots must start regardless.
 */
export async function probeTronApi(
  api: TronApi,
  apiUrl: string,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<boolean> {
  try {
    const head = await api.head();
    log.info({ apiUrl, head: head.number }, 'TRON API reachable');
    return true;
  } catch (error) {
    log.warn(
      { apiUrl, error: (error as Error).message },
      'TRON API unreachable: TRC-20 deposits and payouts wait until it answers',
    );
    return false;
  }
}
