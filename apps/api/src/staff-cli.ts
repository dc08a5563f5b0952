import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { StaffRoles, type TStaffRole, ZEmail, ZUsername } from '@app/contracts';
import { sql } from 'kysely';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import type { Db } from './db/database';
import { hashPassword } from './modules/auth/password';
import { recordSystemAudit } from './platform/audit';

/**
 * Staff accounts from the command line (decision 45), the way the first admin of a production platform
 * is made: no one can sign in to create them.
 *
 *   npm run admin:create -- <username> <email> [--role admin|support]
 *     A staff member with a generated password, printed once. They have no second factor yet: their first
 *     login opens a session that can only enrol an authenticator app (QR code, recovery codes).
 *   npm run admin:reset-totp -- <username>
 *     A staff member who lost both the app and the recovery codes: the factor and the codes are removed and
 *     every session ends, so the next login enrols again. Check who asks before running it.
 *
 * It uses DATABASE_URL (or, without it, the embedded database under DATA_DIR while the server is stopped).
 */

export async function createStaff(
  db: Db,
  input: { username: string; email: string; role: TStaffRole },
): Promise<{ id: string; password: string }> {
  const username = ZUsername.parse(input.username);
  const email = ZEmail.parse(input.email);
  // 16 characters of base64url with a letter and a digit appended: 108 bits, and the password rule's mix.
  const password = `${randomBytes(12).toString('base64url')}a7`;
  const row = await db
    .insertInto('members')
    .values({
      username,
      email,
      mobile: null,
      full_name: null,
      password_hash: await hashPassword(password),
      transaction_password_hash: null,
      role: input.role,
      sponsor_id: null,
      placement_parent_id: null,
      placement_side: null,
      placement_depth: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordSystemAudit(db, {
    action: 'staff.create',
    subject: `member:${row.id}`,
    detail: { username, role: input.role, via: 'cli' },
  });
  return { id: row.id, password };
}

export async function resetStaffTotp(db: Db, username: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select(['id', 'role'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    if (!member || member.role === 'member') return false;
    await trx.deleteFrom('staff_recovery_codes').where('member_id', '=', member.id).execute();
    await trx.deleteFrom('staff_totp').where('member_id', '=', member.id).execute();
    await trx
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: 'totp_reset' })
      .where('member_id', '=', member.id)
      .where('ended_at', 'is', null)
      .execute();
    await recordSystemAudit(trx, {
      action: 'staff.totp_reset',
      subject: `member:${member.id}`,
      detail: { username, via: 'cli' },
    });
    return true;
  });
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { role: { type: 'string', default: 'admin' } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR),
  });
  try {
    if (command === 'create') {
      const [username, email] = positionals;
      const role = values.role as TStaffRole;
      if (!username || !email || !StaffRoles.includes(role)) {
        throw new Error('usage: npm run admin:create -- <username> <email> [--role admin|support]');
      }
      const { password } = await createStaff(database.db, { username, email, role });
      console.log(
        [
          `Created ${role} ${username}.`,
          `  Password (shown once): ${password}`,
          '  At the first login they set up an authenticator app (QR code) and keep their recovery codes;',
          '  then they should change this password under Me > Login password.',
        ].join('\n'),
      );
    } else if (command === 'reset-totp') {
      const [username] = positionals;
      if (!username) throw new Error('usage: npm run admin:reset-totp -- <username>');
      if (!(await resetStaffTotp(database.db, username))) throw new Error(`no staff member ${username}`);
      console.log(
        `${username}'s authenticator and recovery codes are removed; they enrol again at next login.`,
      );
    } else {
      throw new Error('commands: create, reset-totp');
    }
  } finally {
    await database.close();
  }
}

// Run as a script only (the tests import the functions).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
