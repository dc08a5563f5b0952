import { z } from 'zod';

/** index/check_version, index/downloadurl, Index/getdata: what the client needs to know at start. */
export const ZAppInfo = z.object({
  version: z.string(),
  downloadUrl: z.string(),
  aiUrl: z.string(),
  devOutbox: z.boolean(),
});
export type TAppInfo = z.infer<typeof ZAppInfo>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const ZOutboxItem = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type TOutboxItem = z.infer<typeof ZOutboxItem>;
export const ZOutboxQuery = z.object({ to: z.string().max(254).optional() });

export const ZAdminMemberQuery = z.object({
  q: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZAdminMemberItem = z.object({
  userid: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  sponsor: z.string().nullable(),
  role: z.string(),
  joinedAt: z.string(),
  lockedUntil: z.string().nullable(),
});

/** One readiness check: whether it passed, and what is wrong when it did not (never a secret). */
export const ZReadinessCheck = z.object({ ok: z.boolean(), detail: z.string().optional() });
/**
 * /api/ready: 200 with every check ok, 503 naming the failing ones. Checks: database, migrations, botWorker
 * (a recent heartbeat), and later ones (chain watchers) under their own names.
 */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), ZReadinessCheck),
});
export type TReadiness = z.infer<typeof ZReadiness>;
