/**
 * One Intl formatter per kind, locale and options, kept. Building one costs 20-110 µs (a compact number
 * format the most) and using one 1-3 µs, and a screen of live prices formatted every row on every tick with
 * new ones: the home page's market list spent more main-thread time building formatters than rendering
 * (issue 19, decisions §86). The options are few and fixed per call site, so the cache stays small.
 */
const kept = new Map<string, unknown>();

/** The formatter `make` builds for these arguments, built once. `kind` keeps two Intl types apart. */
export function keptFormat<T, O>(kind: string, locale: string, options: O, make: () => T): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keptFormat('number', locale, options, () => new Intl.NumberFormat(locale, options));
}
