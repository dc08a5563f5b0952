import type { SessionService } from '../src/modules/auth/session.service';

/**
 * Resolves when `sessions`' cache starts (true) or stops (false) hearing revocations: the positive signal a
 * test of the session cache waits for, instead of time.
 */
export function listeningIs(sessions: SessionService, value: boolean): Promise<void> {
  if (sessions.cacheListening === value) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = sessions.onListening((listening) => {
      if (listening !== value) return;
      stop();
      resolve();
    });
  });
}
