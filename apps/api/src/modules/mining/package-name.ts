import { pickText, type TLanguage } from '@app/contracts';

/** The columns a package's name is read from: `name` is English, the others are in `name_translations`. */
export const packageNameColumns = ['p.name', 'p.name_translations'] as const;

/**
 * A package's name in `lang`, English where that one was not written (decision 65). Every list that shows
 * a package's name (cart, purchases, receipts, stock, subscriptions, latest sales) reads it through here,
 * so a member sees one name for a package everywhere. No record keeps a copy of the name: each joins the
 * package, so a renamed package reads renamed in every list.
 */
export function packageNameIn(
  row: { name: string; name_translations: Partial<Record<TLanguage, string>> },
  lang: TLanguage,
): string {
  return pickText({ ...row.name_translations, 'en-US': row.name }, lang);
}
