import type { TStaffRole } from '@app/contracts';
import { generateURI } from 'otplib';
import { hashPassword } from '../../modules/auth/password';
import { staffTotpBinding, TOTP_ISSUER } from '../../modules/auth/staff-mfa.service';
import type { SecretBox } from '../../platform/secret-box';
import type { Db } from '../database';

/**
 * The demo's staff (decision 45): the admin, a second admin (four eyes needs two) and a support member.
 * Their authenticator secrets are fixed and published, like their passwords: `npm start` prints them, the
 * README lists them, and the tests and e2e specs make their codes from them. They exist only where the demo
 * seed runs (never in production unless SEED_DEMO says so), and they are sealed at rest like any other.
 */
export interface DemoStaff {
  username: string;
  password: string;
  role: TStaffRole;
  email: string;
  fullName: string;
  /** Base32, 20 bytes: what an authenticator app is given. */
  totpSecret: string;
}

export const DEMO_ADMIN: DemoStaff = {
  username: 'admin',
  password: 'Admin12345',
  role: 'admin',
  email: 'admin@nova.local',
  fullName: 'Platform Admin',
  totpSecret: 'NOVADEMOADMINTOTPSECRETKEY234567',
};

export const DEMO_SECOND_ADMIN: DemoStaff = {
  username: 'admin2',
  password: 'Admin12345',
  role: 'admin',
  email: 'admin2@nova.local',
  fullName: 'Second Admin',
  totpSecret: 'NOVADEMOSECONDADMINTOTPKEY234567',
};

export const DEMO_SUPPORT: DemoStaff = {
  username: 'support1',
  password: 'Support12345',
  role: 'support',
  email: 'support1@nova.local',
  fullName: 'Support Desk',
  totpSecret: 'NOVADEMOSUPPORTSTAFFTOTPKEY23456',
};

export const DEMO_STAFF: readonly DemoStaff[] = [DEMO_ADMIN, DEMO_SECOND_ADMIN, DEMO_SUPPORT];

/** The otpauth:// URI an authenticator app scans for a demo staff member. */
export const demoOtpauthUri = (s: DemoStaff) =>
  generateURI({ issuer: TOTP_ISSUER, label: s.username, secret: s.totpSecret });

/**
 * Creates the demo staff that are missing, each with a confirmed second factor (sealed with `box`, bound to
 * its row as the staff MFA service seals). Existing rows are left alone. Without a box (a caller that has
 * no master key) the staff are made without a factor and would have to enrol at their first login.
 */
export function seedDemoStaff(db: Db, box?: SecretBox): Promise<number> {
  return seedStaff(db, DEMO_STAFF, box);
}

/** Creates the given staff that are missing, as `seedDemoStaff` does; the e2e run makes its admins with it. */
export async function seedStaff(db: Db, list: readonly DemoStaff[], box?: SecretBox): Promise<number> {
  let created = 0;
  for (const staff of list) {
    let row = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', staff.username)
      .executeTakeFirst();
    if (!row) {
      row = await db
        .insertInto('members')
        .values({
          username: staff.username,
          email: staff.email,
          mobile: null,
          full_name: staff.fullName,
          password_hash: await hashPassword(staff.password),
          transaction_password_hash: null,
          role: staff.role,
          sponsor_id: null,
          placement_parent_id: null,
          placement_side: null,
          placement_depth: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      created++;
    }
    if (!box) continue;
    await db
      .insertInto('staff_totp')
      .values({
        member_id: row.id,
        secret_sealed: box.seal(staff.totpSecret, staffTotpBinding(row.id)),
        confirmed_at: new Date(),
      })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  }
  return created;
}
