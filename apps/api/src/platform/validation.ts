import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * C0 control characters but tab, line feed and carriage return (which multi-line text such as a message or
 * a page may hold). NUL is the one PostgreSQL cannot store at all (text and jsonb refuse it: a 500 on 13
 * operations before this check); the others are never typed by a person and only make trouble downstream
 * (terminals, CSV exports, logs).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this regex's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/**
 * Half of a UTF-16 surrogate pair on its own: no character at all, so not storable as UTF-8. PostgreSQL's
 * jsonb refuses its escape (a 500 the generated bad-input test found); a text column would get U+FFFD.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const invalidText = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** Deeper than any request of ours nests; past it the request is refused rather than walked. */
const MAX_DEPTH = 32;

/** Where in `value` a string, or an object's key, holds a control character or a lone surrogate; null if none. */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return invalidText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (invalidText(key)) return [...path, key];
    const found = findControlCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Runs before every request schema: the refusal comes out as any other field's (400 VALIDATION_FAILED). */
const ZNoControlCharacters = z.unknown().superRefine((value, ctx) => {
  const path = findControlCharacter(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'TEXT_INVALID_CHARACTER', input: value });
});

/**
 * The one place text is checked for control characters: the schema compiler of every route's body,
 * querystring, params and headers. Each field's own rules (patterns, lengths) then apply as declared.
 */
export const textSafeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (routeSchema) =>
  validatorCompiler(
    routeSchema.schema instanceof z.ZodType
      ? { ...routeSchema, schema: ZNoControlCharacters.pipe(routeSchema.schema) }
      : routeSchema,
  );
