import '../app/zod-messages';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { allTextsReady } from '../app/i18n';
import { installUserInfoCheck, session } from '../app/session';
import { checkUserInfo } from '../app/session-check';

installUserInfoCheck(checkUserInfo);
// The entry holds only the first view's texts (first-view-texts.ts); tests render every page.
await allTextsReady();

// antd-mobile reads media queries; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
  session.reload();
});

afterEach(() => {
  cleanup();
});
