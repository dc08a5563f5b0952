import { pickTranslated, type TLanguage, type TTranslations } from '@app/contracts';

/**
 * The columns a package's name is read from, in a query that calls the package table `p`: `name` is English,
 * the others are in `name_translations`. Mining packages and bot packages store their names the same way.
 */
export const packageNameColumns = ['p.name', 'p.name_translations'] as const;

/**
 * A package's name in `lang`, English where that one was not written (decisions 65, 74). Every list that shows
 * a package's name (mining: cart, purchases, receipts, stock, subscriptions, latest sales; bots: packages,
 * rentals, receipts, sales) reads it through here, so a member sees one name for a package everywhere. No
 * record keeps a copy of the name: each joins the package, so a renamed package reads renamed in every list.
 */
export function packageNameIn(
  row: { name: string; name_translations: TTranslations },
  lang: TLanguage,
): string {
  return pickTranslated(row.name, row.name_translations, lang);
}
