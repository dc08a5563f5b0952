/**
 * The texts (whole sections of the locale files, or single `section.key` texts) that a signed-out visitor's
 * first view needs: the login and intro pages and what the entry draws around every page (loading view,
 * chunk error, offline note, update prompt, the request indicator), and the texts a failed call can show
 * before the rest has arrived (no network, the generic error, the 404 and 429 notes). Only these come with
 * the entry; the rest of the texts (about four fifths of the bytes) load beside any other page, or at the
 * visitor's first touch on these (issue 19, §92). A text missing here would show as its key:
 * `first-view-texts.test.tsx` renders the first view with these alone and fails on any missing key.
 */
export const FIRST_VIEW_TEXTS: readonly string[] = [
  'common',
  'login',
  'intro',
  'lang',
  'appStatus',
  'chunk',
  'http',
  'errors.NETWORK_ERROR',
  'errors.INTERNAL',
  'errors.RATE_LIMITED',
];
