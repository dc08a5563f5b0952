import { ApiError } from './api-error';
import { reactToError } from './api-reactions';

/**
 * Code a page loads when it is first used rather than with the page (issue 19, §89), kept once loaded (the
 * module system does that). A chunk that cannot load (offline since the page came) fails the way a call
 * that cannot reach the server fails: a NETWORK_ERROR, shown by the same reaction.
 */
export function loadOnUse<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(() => {
      const error = new ApiError(0, 'NETWORK_ERROR');
      reactToError(error);
      throw error;
    });
}
