import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept in step as it changes (a window resized, a phone turned).
 * For parts a width hides anyway: not rendering them saves their render, DOM and style work on the first
 * load, where hiding them with CSS alone did all of it for nothing (issue 19, decisions §88).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}
