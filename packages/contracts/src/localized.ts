import { z } from 'zod';
import { DefaultLanguage, Languages, type TLanguage } from './limits';

/**
 * A text an admin writes once per language (issue 19, item 5; decision 65): English (`en-US`) is required
 * and is what a member reads when their own language is missing; the other four are optional. Stored as one
 * jsonb object per text (`{"en-US": "...", "de": "..."}`); members get a plain string in their language,
 * admins get the object.
 */
export const ZLocalizedText = z.object({
  'en-US': z.string(),
  'zh-CN': z.string().optional(),
  'bm-MY': z.string().optional(),
  de: z.string().optional(),
  fr: z.string().optional(),
});
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/** A language the member did not fill in is left out, not kept as an empty string. */
function withoutEmpty(texts: Record<string, string | undefined>): TLocalizedText {
  const out: Record<string, string> = {};
  for (const lang of Languages) {
    const text = texts[lang];
    if (text !== undefined && (lang === DefaultLanguage || text.length > 0)) out[lang] = text;
  }
  return out as TLocalizedText;
}

const tooLong = { message: 'CONTENT_TEXT_TOO_LONG' };
const otherLanguages = (max: number) => {
  const other = z.string().trim().max(max, tooLong).optional();
  return { 'zh-CN': other, 'bm-MY': other, de: other, fr: other };
};

/**
 * The zod schema of one localized text, each language at most `max` characters. English must be filled in:
 * its absence is `CONTENT_ENGLISH_REQUIRED`; an empty other language is left out.
 */
export function zLocalizedText(max: number) {
  const english = z
    .string({ message: 'CONTENT_ENGLISH_REQUIRED' })
    .trim()
    .min(1, { message: 'CONTENT_ENGLISH_REQUIRED' })
    .max(max, tooLong);
  return z
    .object({ 'en-US': english, ...otherLanguages(max) }, { message: 'CONTENT_ENGLISH_REQUIRED' })
    .transform(withoutEmpty);
}

/** A localized text that may be empty in every language (a news summary). */
export function zOptionalLocalizedText(max: number) {
  return z
    .object({ 'en-US': z.string().trim().max(max, tooLong).default(''), ...otherLanguages(max) })
    .transform(withoutEmpty);
}

/** The text in `lang`, or in English when that language was not written. */
export function pickText(
  texts: Partial<Record<TLanguage, string>> | null | undefined,
  lang: TLanguage,
): string {
  if (!texts) return '';
  const own = texts[lang];
  return own !== undefined && own.length > 0 ? own : (texts[DefaultLanguage] ?? '');
}

/** A localized text with one string for every language: what a form edits. */
export function localizedFormValue(texts: Partial<Record<TLanguage, string>> | null | undefined) {
  return Object.fromEntries(Languages.map((l) => [l, texts?.[l] ?? ''])) as Record<TLanguage, string>;
}

/**
 * What a thing has in the four other languages when its English sits in a column of its own (a package's
 * `name`, a slide's picture; decisions 73-74): an object of those languages, each optional.
 */
export const ZTranslations = z.object({
  'zh-CN': z.string().optional(),
  'bm-MY': z.string().optional(),
  de: z.string().optional(),
  fr: z.string().optional(),
});
export type TTranslations = z.infer<typeof ZTranslations>;

/** The input of `ZTranslations`, each language checked by `value`; an empty or missing one is left out. */
export function zTranslations(value: z.ZodType<string | undefined, string | undefined>) {
  return z
    .object({
      'zh-CN': value.optional(),
      'bm-MY': value.optional(),
      de: value.optional(),
      fr: value.optional(),
    })
    .transform((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as TTranslations)
    .default({});
}

/** The value in `lang` of a thing whose English is `english` and whose other languages are `translations`. */
export function pickTranslated(
  english: string,
  translations: TTranslations | null | undefined,
  lang: TLanguage,
) {
  return pickText({ ...translations, [DefaultLanguage]: english }, lang);
}
