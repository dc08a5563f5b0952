import { verifyPassword } from '../../modules/auth/password';
import { isLoopbackHost } from '../../platform/loopback';
import type { Db } from '../database';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_TRANSACTION_PASSWORD, demoMemberNames } from './demo';

/**
 * Demo accounts whose demo password still opens them: `admin (password)`, `alice01 (transaction password)`.
 * The passwords are public (README, start-up banner), so any such account is open to anyone.
 */
export async function demoCredentialsInUse(db: Db): Promise<string[]> {
  const expected = new Map<string, string>([
    [DEMO_ADMIN.username, DEMO_ADMIN.password],
    ...demoMemberNames.map((name) => [name, DEMO_PASSWORD] as [string, string]),
  ]);
  const rows = await db
    .selectFrom('members')
    .select(['username', 'password_hash', 'transaction_password_hash'])
    .where('username', 'in', [...expected.keys()])
    .execute();
  // argon2 runs on libuv's thread pool: all at once is as fast as the machine allows.
  const checks = rows.flatMap((row) => [
    verifyPassword(row.password_hash, expected.get(row.username)!).then((open) =>
      open ? `${row.username} (password)` : null,
    ),
    row.transaction_password_hash
      ? verifyPassword(row.transaction_password_hash, DEMO_TRANSACTION_PASSWORD).then((open) =>
          open ? `${row.username} (transaction password)` : null,
        )
      : Promise.resolve(null),
  ]);
  return (await Promise.all(checks)).filter((found): found is string => found !== null);
}

/**
 * In production the server listens on a public interface only when no demo account can still be opened
 * with its published demo password. Listening on loopback (behind a local proxy that is not yet open, or
 * for a check) stays possible.
 */
export async function assertSafeToListen(config: { isProduction: boolean; HOST: string }, db: Db) {
  if (!config.isProduction || isLoopbackHost(config.HOST)) return;
  const open = await demoCredentialsInUse(db);
  if (open.length > 0) {
    throw new Error(
      `Refusing to listen on ${config.HOST} in production: demo credentials still work for ${open.join(', ')}. ` +
        'Change those passwords (or remove the demo accounts) first, or listen on 127.0.0.1.',
    );
  }
}
