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

/** What counts as the visitor starting to use the page: a touch, a click, a key, a field taking focus. */
const ENGAGING_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `run` once, at the visitor's first touch, click, key or focus on the page (issue 19, §92): code a
 * page needs only once someone acts on it (a form's checks and API client, Toast and Dialog) is fetched
 * then, not while the page is loading. Fetched at idle instead, it competed with the first view for the
 * network and the main thread: about 40 small files and 0.4 s of a phone's main thread (4x throttling) on
 * the login page, most of Lighthouse's blocking time there. Typing a username takes longer than fetching
 * it. Returns a cancel function.
 */
export function whenUserEngages(run: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, options);
  };
  function engage() {
    stop();
    run();
  }
  for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, options);
  return stop;
}

/** False until the page is idle (whenPageIdle), then true for good. */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  return idle;
}
