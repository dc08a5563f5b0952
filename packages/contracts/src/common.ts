import { z } from 'zod';
import { Limits } from './limits';

/** Error body of every refused request. `details` carries field paths or a retry delay. */
export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  /** The request's id, also in the X-Request-Id header and in every log line of the request. */
  requestId: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(Limits.pageSize),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A page of a list. The client knows there is no more data when `items` is shorter than `pageSize`. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int() });
}
export type TPage<T> = { items: T[]; page: number; pageSize: number };

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/**
 * The id of a `bigserial` row, as text: 1 to 2^63-1. Nineteen digits alone would pass 9999999999999999999,
 * which PostgreSQL refuses as out of range for bigint (a 500 the generated bad-input test found).
 */
export function zSerialId(message?: string) {
  const options = message ? { message } : undefined;
  return z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, options)
    .refine((text) => text.length < 19 || text <= '9223372036854775807', options);
}

/** Timestamps travel as ISO-8601 strings. */
export const ZTimestamp = z.string();
