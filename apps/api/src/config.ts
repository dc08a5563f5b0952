import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Every setting, parsed from the environment once. The README's configuration table lists the same
 * names and defaults: keep them in step.
 */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Without it an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** With it, rate-limit counters live in Redis so several API instances share them. */
  REDIS_URL: z.string().url().optional(),
  /** Without it an SMTP catcher runs in process and, outside production, /dev/outbox lists what it got. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Nova Members <no-reply@nova.local>'),
  DATA_DIR: z.string().default('.data'),
  /** 32 bytes, base64 or hex. Generated into DATA_DIR on a first non-production start. */
  MASTER_KEY: z.string().optional(),
  /** The web origin allowed to make cookie-authenticated unsafe requests; default: the request's own host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SEED_DEMO: booleanFlag,
  WEB_DIST: z.string().optional(),
  APP_VERSION: z.string().default('1.0.0'),
  APP_DOWNLOAD_URL: z.string().default(''),
  AI_URL: z.string().default(''),
});

export type Config = z.infer<typeof ZConfig> & { isProduction: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = parsed.data;
  const isProduction = config.NODE_ENV === 'production';
  if (isProduction && !config.MASTER_KEY) throw new Error('MASTER_KEY is required in production');
  return { ...config, isProduction };
}
