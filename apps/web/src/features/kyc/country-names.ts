import { KycCountries, type TKycCountry } from '@app/contracts';

export interface CountryOption {
  code: TKycCountry;
  name: string;
}

const displayNames = (language: string) =>
  new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });

/** One country's name in the language asked for (its code when the browser has no name for it). */
export function countryName(code: string, language: string): string {
  return displayNames(language).of(code) ?? code;
}

/**
 * The KYC countries named in the member's language by the browser (Intl.DisplayNames), sorted by that
 * name as the language sorts. No list of names ships with the app.
 */
export function countryOptions(language: string): CountryOption[] {
  const names = displayNames(language);
  const collator = new Intl.Collator(language);
  return KycCountries.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/**
 * The options a search keeps: the name contains the text (ignoring case and accents) or the code is it.
 * "mala" finds Guatemala, Malawi and Malaysia; "my" finds Malaysia by its code.
 */
export function searchCountries(options: readonly CountryOption[], text: string, language: string) {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language);
  const wanted = fold(text.trim());
  if (!wanted) return [...options];
  return options.filter((o) => fold(o.name).includes(wanted) || o.code.toLowerCase() === wanted);
}
