/**
 * The sections of the locale files (their top-level keys) that a signed-out visitor's first view needs: the
 * login and intro pages and what the entry draws around every page (loading view, chunk error, offline
 * note, update prompt). Only these come with the entry; the rest of the texts (about four fifths of the
 * bytes) load beside any other page, or at the visitor's first touch on these (issue 19, §92). A text of
 * another section on these pages would show as its key: `first-view-texts.test.tsx` renders them with
 * these sections alone and fails on any missing key.
 */
export const FIRST_VIEW_TEXTS: readonly string[] = ['common', 'login', 'intro', 'lang', 'appStatus', 'chunk'];
