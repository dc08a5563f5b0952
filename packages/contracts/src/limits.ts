/** Business limits shared by the server's rules and the client's forms. */
export const Limits = {
  usernameMin: 5,
  usernameMax: 15,
  passwordMin: 8,
  passwordMax: 64,
  tacLength: 6,
  tacTtlSeconds: 10 * 60,
  tacMaxAttempts: 5,
  tacResendSeconds: 60,
  pageSize: 10,
  nonceTtlSeconds: 5 * 60,
} as const;

export const Languages = ['en-US', 'zh-CN', 'bm-MY', 'de', 'fr'] as const;
export type TLanguage = (typeof Languages)[number];
export const DefaultLanguage: TLanguage = 'en-US';

/** The largest PostgreSQL BIGINT (int8): a minor-unit sum above it cannot be stored, so it is refused first. */
export const INT8_MAX = 2n ** 63n - 1n;
