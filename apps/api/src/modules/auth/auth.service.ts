import {
  Limits,
  type TChangePassword,
  type TCheckPlacementResult,
  type TContact,
  type TForgotReset,
  type TLogin,
  type TMemberTacPurpose,
  type TRegister,
  type TSealed,
  type TSetTransactionPassword,
  type TTacSent,
  type TUserInfo,
  ZTransactionPasswordValue,
  ZUsername,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { maskName } from '../members/mask';
import type { MemberRow, MembersRepository } from '../members/members.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import type { SealedService } from './sealed.service';
import type { SessionService } from './session.service';
import type { StaffMfa } from './staff-mfa.service';
import type { TacService } from './tac.service';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export function destinationOf(contact: TContact): string {
  return contact.channel === 'email' ? contact.email : `${contact.prefix}${contact.mobile}`;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

export function createAuthService(deps: {
  db: Db;
  members: MembersRepository;
  sessions: SessionService;
  tac: TacService;
  sealed: SealedService;
  mfa: StaffMfa;
}) {
  const { db, members, sessions, tac, sealed, mfa } = deps;

  async function userInfo(member: MemberRow): Promise<TUserInfo> {
    const names = await members.usernamesOf(
      [member.sponsor_id, member.placement_parent_id].filter((id): id is string => id !== null),
    );
    return {
      userid: member.id,
      username: member.username,
      role: member.role,
      fullName: member.full_name,
      email: member.email,
      mobile: member.mobile,
      sponsor: member.sponsor_id ? (names.get(member.sponsor_id) ?? null) : null,
      placement: member.placement_parent_id ? (names.get(member.placement_parent_id) ?? null) : null,
      side: member.placement_side,
      rank: member.rank,
      language: member.language,
      hasTransactionPassword: member.transaction_password_hash !== null,
      joinedAt: member.created_at.toISOString(),
    };
  }

  async function memberOrFail(memberId: string): Promise<MemberRow> {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('SESSION_INVALID');
    return member;
  }

  async function checkUsername(username: string): Promise<{ available: boolean }> {
    if (!ZUsername.safeParse(username).success) throw new AppError('USERNAME_INVALID');
    return { available: !(await members.findByUsername(username)) };
  }

  /** A sponsor is a placed member of the tree (not an admin account). */
  async function findSponsor(sponsor: string): Promise<MemberRow> {
    const found = await members.findByUsername(sponsor);
    if (found?.role !== 'member') throw new AppError('SPONSOR_NOT_FOUND');
    return found;
  }

  async function checkSponsor(sponsor: string) {
    const found = await findSponsor(sponsor);
    return { username: found.username, maskedName: maskName(found.full_name ?? found.username) };
  }

  /**
   * The sponsor must be a placed member (not an admin account), and the placement the sponsor or a member
   * of the sponsor's placement downline: checked in one statement, refused in that order.
   */
  async function findPlacement(sponsor: string, placement: string) {
    const found = await members.placementCheck(sponsor, placement);
    if (found.sponsor?.role !== 'member') throw new AppError('SPONSOR_NOT_FOUND');
    if (found.placement?.role !== 'member') throw new AppError('PLACEMENT_NOT_FOUND');
    if (!found.inDownline) throw new AppError('PLACEMENT_NOT_IN_SPONSOR_DOWNLINE');
    return { sponsorId: found.sponsor.id, parent: found.placement, taken: found.takenSides };
  }

  async function checkPlacement(sponsor: string, placement: string): Promise<TCheckPlacementResult> {
    const { parent, taken } = await findPlacement(sponsor, placement);
    return { username: parent.username, leftFree: !taken.has('left'), rightFree: !taken.has('right') };
  }

  async function sendSignupTac(contact: TContact, language?: string): Promise<TTacSent> {
    const destination = destinationOf(contact);
    await assertContactFree(contact, destination);
    return tac.send({ purpose: 'signup', destination, language });
  }

  async function assertContactFree(contact: TContact, destination: string): Promise<void> {
    const taken = await members.contactTaken(
      contact.channel === 'email' ? { email: destination } : { mobile: destination },
    );
    if (taken) throw new AppError(contact.channel === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN');
  }

  async function register(input: TRegister, meta: ClientMeta) {
    if (await members.findByUsername(input.username)) throw new AppError('USERNAME_TAKEN');
    const { sponsorId, parent, taken } = await findPlacement(input.sponsor, input.placement);
    if (taken.has(input.side)) throw new AppError('PLACEMENT_SIDE_TAKEN');
    const destination = destinationOf(input.contact);
    await assertContactFree(input.contact, destination);
    const passwordHash = await hashPassword(input.password);

    const memberId = await db
      .transaction()
      .execute(async (trx) => {
        await tac.consume({ purpose: 'signup', destination }, input.code, trx);
        const row = await trx
          .insertInto('members')
          .values({
            username: input.username,
            email: input.contact.channel === 'email' ? destination : null,
            mobile: input.contact.channel === 'mobile' ? destination : null,
            full_name: null,
            password_hash: passwordHash,
            transaction_password_hash: null,
            role: 'member',
            sponsor_id: sponsorId,
            placement_parent_id: parent.id,
            placement_side: input.side,
            placement_depth: parent.depth + 1,
            language: input.language ?? 'en-US',
            locked_until: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      })
      .catch((error: unknown) => {
        // The checks above ran before the insert; a racing sign-up can still win the slot or the name.
        if (isUniqueViolation(error, 'members_placement_slot')) throw new AppError('PLACEMENT_SIDE_TAKEN');
        if (isUniqueViolation(error, 'members_username_ci')) throw new AppError('USERNAME_TAKEN');
        if (isUniqueViolation(error, 'members_email')) throw new AppError('EMAIL_TAKEN');
        if (isUniqueViolation(error, 'members_mobile')) throw new AppError('MOBILE_TAKEN');
        throw error;
      });
    const token = await sessions.create(memberId, meta);
    return { token, user: await userInfo(await memberOrFail(memberId)) };
  }

  async function login(input: TLogin, meta: ClientMeta) {
    const member = await members.findByLogin(input.login);
    if (!member) {
      await burnPasswordCheck(input.password);
      throw new AppError('LOGIN_FAILED', 'Wrong username or password');
    }
    assertNotLocked(member);
    if (!(await verifyPassword(member.password_hash, input.password))) {
      await recordFailure(member.id, meta.ip);
      throw new AppError('LOGIN_FAILED', 'Wrong username or password');
    }
    // Staff: the second factor comes with the password (TOTP_REQUIRED without it), or the session may only enrol one.
    const factor = await mfa.atLogin(member, input, meta.ip);
    await db.deleteFrom('login_failures').where('member_id', '=', member.id).execute();
    const token = await sessions.create(member.id, meta);
    return { token, user: await userInfo(member), ...(await mfa.sessionOpened(token, factor)) };
  }

  function assertNotLocked(member: MemberRow): void {
    if (member.locked_until && member.locked_until.getTime() > Date.now()) {
      throw new AppError('ACCOUNT_LOCKED', 'Too many failed logins', {
        retryAfterSeconds: Math.ceil((member.locked_until.getTime() - Date.now()) / 1000),
      });
    }
  }

  /** Five failures within fifteen minutes lock the account for fifteen minutes. */
  async function recordFailure(memberId: string, ip: string): Promise<void> {
    await db.insertInto('login_failures').values({ member_id: memberId, ip }).execute();
    const { count } = await db
      .selectFrom('login_failures')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('member_id', '=', memberId)
      .where('at', '>', sql<Date>`now() - make_interval(secs => ${Limits.loginFailureWindowSeconds})`)
      .executeTakeFirstOrThrow();
    if (count >= Limits.loginMaxFailures) {
      const lockedUntil = new Date(Date.now() + Limits.loginLockSeconds * 1000);
      await db.updateTable('members').set({ locked_until: lockedUntil }).where('id', '=', memberId).execute();
      await db.deleteFrom('login_failures').where('member_id', '=', memberId).execute();
      throw new AppError('ACCOUNT_LOCKED', 'Too many failed logins', {
        retryAfterSeconds: Limits.loginLockSeconds,
      });
    }
  }

  function contactOf(member: MemberRow): string {
    const destination = member.email ?? member.mobile;
    if (!destination) throw new AppError('CONTACT_MISSING', 'No email or mobile is registered');
    return destination;
  }

  async function forgotStart(login: string): Promise<TTacSent> {
    const member = await members.findByLogin(login);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return tac.send({
      purpose: 'reset_password',
      destination: contactOf(member),
      memberId: member.id,
      language: member.language,
    });
  }

  async function forgotReset(input: TForgotReset): Promise<void> {
    const member = await members.findByLogin(input.login);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await tac.consume({ purpose: 'reset_password', destination: contactOf(member) }, input.code, trx);
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash, locked_until: null })
        .where('id', '=', member.id)
        .execute();
      await trx.deleteFrom('login_failures').where('member_id', '=', member.id).execute();
      await sessions.endAllOf(member.id, 'password_reset', undefined, trx);
    });
  }

  async function changePassword(memberId: string, sessionId: string, input: TChangePassword): Promise<void> {
    const member = await memberOrFail(memberId);
    if (!(await verifyPassword(member.password_hash, input.currentPassword))) {
      throw new AppError('CURRENT_PASSWORD_WRONG');
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash })
        .where('id', '=', memberId)
        .execute();
      await sessions.endAllOf(memberId, 'password_changed', sessionId, trx);
    });
  }

  async function sendMemberTac(memberId: string, purpose: TMemberTacPurpose): Promise<TTacSent> {
    const member = await memberOrFail(memberId);
    return tac.send({
      purpose,
      destination: contactOf(member),
      memberId,
      language: member.language,
    });
  }

  async function setTransactionPassword(memberId: string, sessionId: string, input: TSetTransactionPassword) {
    const member = await memberOrFail(memberId);
    const value = await sealed.unseal(sessionId, input.secret);
    const confirm = await sealed.unseal(sessionId, input.confirm);
    if (value !== confirm) throw new AppError('PASSWORD_MISMATCH');
    if (!ZTransactionPasswordValue.safeParse(value).success) throw new AppError('PASSWORD_TOO_WEAK');
    const valueHash = await hashPassword(value);
    await db.transaction().execute(async (trx) => {
      await tac.consume({ purpose: 'transaction_password', destination: contactOf(member) }, input.code, trx);
      await trx
        .updateTable('members')
        .set({ transaction_password_hash: valueHash })
        .where('id', '=', memberId)
        .execute();
    });
  }

  /** Every later money action calls this with the sealed transaction password it was sent. */
  async function verifyTransactionPassword(
    memberId: string,
    sessionId: string,
    secret: TSealed,
  ): Promise<void> {
    const member = await memberOrFail(memberId);
    if (!member.transaction_password_hash) throw new AppError('TRANSACTION_PASSWORD_NOT_SET');
    const value = await sealed.unseal(sessionId, secret);
    if (!(await verifyPassword(member.transaction_password_hash, value))) {
      throw new AppError('TRANSACTION_PASSWORD_WRONG');
    }
  }

  /** Uses up a code sent by sendMemberTac, inside the caller's transaction (the action it confirms). */
  async function consumeMemberTac(memberId: string, purpose: TMemberTacPurpose, code: string, trx: Db) {
    const member = await memberOrFail(memberId);
    await tac.consume({ purpose, destination: contactOf(member) }, code, trx);
  }

  return {
    me: async (memberId: string) => userInfo(await memberOrFail(memberId)),
    checkUsername,
    checkSponsor,
    checkPlacement,
    sendSignupTac,
    register,
    login,
    forgotStart,
    forgotReset,
    changePassword,
    sendMemberTac,
    consumeMemberTac,
    setTransactionPassword,
    verifyTransactionPassword,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
