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
  /**
   * Loopback unless told otherwise: `npm start` seeds demo accounts whose passwords (and the admins' TOTP
   * secrets) it prints, so a laptop must not offer them to its network. A deployment names its interface.
   */
  HOST: z.string().default('127.0.0.1'),
  /** Without it an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** With it, rate-limit counters live in Redis so several API instances share them. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the platform's keys in Redis, so two platforms (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('rl:'),
  /** Without it an SMTP catcher runs in process and, outside production, /dev/outbox lists what it got. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Nova Members <no-reply@nova.local>'),
  DATA_DIR: z.string().default('.data'),
  /** 32 bytes, base64 or hex. Generated into DATA_DIR on a first non-production start. */
  MASTER_KEY: z.string().optional(),
  /** The web origin allowed to make cookie-authenticated unsafe requests; default: the request's own host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: booleanFlag,
  /**
   * A bearer token that lets Prometheus on another host read /api/metrics. Without it only this machine's
   * own clients (loopback, no proxy header) may.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The bot worker serves its own metrics at http://127.0.0.1:<port>/metrics when set; 0 picks a free port. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * How long a bot worker's hold on a bot lasts without renewal (renewed every third of it): a killed
   * worker's bots move to another worker within about this time. Shorter means faster takeover but more
   * lease writes.
   */
  BOT_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How long the API waits before starting its bot worker again after the worker died. */
  BOT_WORKER_RESTART_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /**
   * JSON-RPC endpoints of the EVM chains deposits are watched on and payouts sent to (decision 53). Without
   * ERC20_RPC_URL outside production, a local development chain is started and used for ERC20.
   */
  ERC20_RPC_URL: z.string().url().optional(),
  BEP20_RPC_URL: z.string().url().optional(),
  /** TRON's HTTP API (a full node or TronGrid) for TRC-20 deposits. */
  TRON_API_URL: z.string().url().optional(),
  /** TronGrid's API key, sent as `TRON-PRO-API-KEY` (a node of one's own needs none). */
  TRON_API_KEY: z.string().min(1).optional(),
  /**
   * A payout transaction not mined after this many blocks is replaced with a higher fee (decision 61).
   * On chains with second-long blocks (BEP20) the same count means less time; a dozen is about 2.5 minutes
   * on Ethereum.
   */
  PAYOUT_REPLACE_AFTER_BLOCKS: z.coerce.number().int().min(1).max(10_000).default(12),
  /**
   * The most one TRC-20 payout may burn in TRX for its energy, in sun (decision 69): 50 TRX is several
   * times what a USDT transfer costs without staked energy, so it does not run out while prices move.
   */
  TRON_PAYOUT_FEE_LIMIT_SUN: z.coerce.number().int().min(1_000_000).max(1_000_000_000).default(50_000_000),
  /** Block interval of the development chain, in milliseconds. */
  DEV_CHAIN_BLOCK_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Set to false to start without the development chain (deposits then stay manual). */
  DEV_CHAIN: booleanFlag,
  /**
   * The platform's HD wallet seed, sealed with MASTER_KEY (`npm run chain:seal-seed`). Outside production
   * it is generated into DATA_DIR. With only the extended public keys below, deposit addresses are
   * derived (watch-only) and nothing is signed: payouts stay manual.
   */
  CHAIN_SEED_SEALED: z.string().optional(),
  /** BIP-32 extended public key at m/44'/60'/0' (EVM deposit addresses: child 0/<member id>). */
  CHAIN_EVM_XPUB: z.string().optional(),
  /** BIP-32 extended public key at m/44'/195'/0' (TRON deposit addresses). */
  CHAIN_TRON_XPUB: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** API calls per signed-in member per minute (decision 43). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** API calls per client address per minute, signed in or not: the looser ceiling over all its members. */
  RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SEED_DEMO: booleanFlag,
  WEB_DIST: z.string().optional(),
  APP_VERSION: z.string().default('1.0.0'),
  APP_DOWNLOAD_URL: z.string().default(''),
  AI_URL: z.string().default(''),
  /** The platform's outgoing IPs, comma-separated, shown to members to whitelist on their exchange API key. */
  EGRESS_IPS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
  /** After a credential change (contact, login or transaction password), outgoing money waits this long. */
  SECURITY_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Wrong transaction passwords per member within the window that lock money actions for the lock time. */
  TX_PASSWORD_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  TX_PASSWORD_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  TX_PASSWORD_LOCK_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Codes (TAC) one account may be sent per purpose in 24 hours, besides the per-code try limit. */
  TAC_DAILY_CAP: z.coerce.number().int().min(1).default(10),
  /** A session ends this long after its login however much it is used (the idle limit is 14 days). */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * Signed-in reads (GET) may take their session from a cache of this process for at most this long;
   * revocations reach it at once through PostgreSQL (decision 71). 0: every request asks the database.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * The API server's pooled connections each prepare this many distinct statements (parsed and planned
   * once per connection); 0: none. A schema change under them is handled (db/prepared-statements.ts,
   * decision 76).
   */
  DB_PREPARED_STATEMENTS: z.coerce.number().int().min(0).max(10_000).default(200),
  /** An admin's second-factor code counts as fresh for money actions this long. */
  ADMIN_STEP_UP_MINUTES: z.coerce.number().int().min(1).default(5),
  /**
   * An admin balance adjustment or manual deposit above this amount (whole USD, by the currency's price)
   * waits for a second admin's approval (four eyes).
   */
  FOUR_EYES_THRESHOLD_USD: z.coerce.number().int().min(0).default(10_000),
  /** Binding or re-checking an exchange key calls the exchange: tighter than other routes. */
  EXCHANGE_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Where market prices come from: a seeded simulated market, or an exchange's public market data. */
  MARKET_DATA_SOURCE: z.enum(['simulated', 'binance', 'bybit', 'gate']).default('simulated'),
  /**
   * Where bots of managed-mode rentals trade when the operator gave the member no sub-account of their own:
   * 'paper', a paper account the platform holds per member (the demo); 'sub_accounts', nowhere (refused),
   * so members never share one real account.
   */
  MANAGED_ACCOUNTS: z.enum(['paper', 'sub_accounts']).default('paper'),
  /**
   * Where each exchange's REST API is instead of its public hosts, e.g.
   * `binance=http://127.0.0.1:4100,bybit=http://127.0.0.1:4101`: the local mock exchanges of the demo and the
   * e2e run. Refused in production, where a member's key must only ever go to the real exchange.
   */
  EXCHANGE_API_URLS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const urls: Partial<Record<'binance' | 'bybit' | 'gate', string>> = {};
      for (const entry of v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const [name, url] = entry.split(/=(.*)/s).map((x) => x?.trim());
        if ((name === 'binance' || name === 'bybit' || name === 'gate') && url && URL.canParse(url)) {
          urls[name] = url;
        } else {
          ctx.addIssue({
            code: 'custom',
            message: `expected exchange=url (binance, bybit, gate), got "${entry}"`,
          });
        }
      }
      return urls;
    }),
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
  if (isProduction && Object.keys(config.EXCHANGE_API_URLS).length > 0) {
    throw new Error('EXCHANGE_API_URLS is for the demo and tests; it is refused in production');
  }
  return { ...config, isProduction };
}
