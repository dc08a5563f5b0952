/**
 * One `Intl.NumberFormat` per locale and options, kept. Building one costs 20-110 µs (a compact one the
 * most) and formatting with it 2-3 µs, and a screen of live prices formatted every row on every tick with
 * new ones: the home page's market list spent more main-thread time building formatters than rendering
 * (issue 19). The options are few and fixed per call site, so the cache stays small.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
