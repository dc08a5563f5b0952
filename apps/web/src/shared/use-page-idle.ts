import { useEffect, useState } from 'react';

/** The longest an idle wait may take on a page that is never quiet: motion starts then regardless. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Calls `run` once the page has loaded and the main thread has a quiet moment (issue 19): work that is
 * not part of the first view (a slider turning, a marquee scrolling) waits for it, so it does not compete
 * with the first paint and the page's own reads. Returns a cancel function.
 */
export function whenPageIdle(run: () => void): () => void {
  let cancel = () => {};
  const afterLoad = () => {
    if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
      const cancelIdle = cancelIdleCallback;
      const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => cancelIdle(id);
    } else {
      const timer = setTimeout(run, 0);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    afterLoad();
  } else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}

/** False until the page is idle (whenPageIdle), then true for good. */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  return idle;
}
