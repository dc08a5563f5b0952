import { i18n } from './i18n';

/**
 * Server errors and zod messages arrive as codes (`USERNAME_TAKEN`); their text lives in the locale files
 * under `errors.<CODE>`. Anything unknown reads as the generic error rather than as a raw code.
 */
export function errorText(code: string | undefined, fallback = 'INTERNAL'): string {
  const key = `errors.${code}`;
  return code && i18n.exists(key) ? i18n.t(key) : i18n.t(`errors.${fallback}`);
}
