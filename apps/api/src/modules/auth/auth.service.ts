import {
  Limits,
  type TChangePassword,
  type TCheckPlacementResult,
  type TCodeRequested,
  type TContact,
  type TForgotReset,
  type TLogin,
  type TLoginUnlock,
  type TMe,
  type TMemberTacPurpose,
  type TMoneyHoldState,
  type TRegister,
  type TSealed,
  type TSetTransactionPassword,
  type TTacSent,
  type TUserInfo,
  ZTransactionPasswordValue,
  ZUsername,
} from '@app/contracts';
import type { Db } from '../../db/database';
import type { SessionRequest } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { KycService } from '../kyc/kyc.service';
import { maskName } from '../members/mask';
import type { MemberProfileRow, MemberRow, MembersRepository } from '../members/members.repository';
import { type CredentialChanges, contactsOf } from './credential-changes';
import type { LoginThrottle } from './login-throttle';
import { holdOf, type MoneyHolds, refuseHeld } from './money-holds.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import type { SealedService } from './sealed.service';
import type { SessionService } from './session.service';
import type { StaffMfa } from './staff-mfa.service';
import type { TacService } from './tac.service';
import { refuseLocked, type TransactionPasswordGuard } from './transaction-password-guard';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** A signed-in member's request: the session that asks (it stays signed in after a change) and where from. */
export interface Caller {
  memberId: string;
  sessionId: string;
  ip: string;
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
  throttle: LoginThrottle;
  /** Decision 42: the money hold, the count of wrong transaction passwords, a change's consequences. */
  holds: Pick<MoneyHolds, 'current' | 'hours' | 'columnsOf'>;
  guard: TransactionPasswordGuard;
  changes: CredentialChanges;
  /** Decision 45: staff sign in with a second factor. */
  mfa: StaffMfa;
  /** Where a code sent in the background (forgot password, login unlock) reports a failure. */
  log?: { warn: (obj: object, msg: string) => void };
  /** The KYC module's status as a column of the member's row (GET /api/me reads both in one statement). */
  kycStatus: KycService['statusColumn'];
}) {
  const { db, members, sessions, tac, sealed, throttle, guard, changes, mfa } = deps;

  /**
   * Codes whose request must answer the same whether the account exists are sent after the answer: the
   * known case is then no slower than the unknown one. `settle` waits for those still on their way.
   */
  const pending = new Set<Promise<void>>();
  function sendInBackground(send: () => Promise<unknown>): void {
    const job = send()
      .then(() => undefined)
      .catch((error: unknown) => {
        // Too soon, the day's cap, no contact: nothing was sent, and the caller must not learn it.
        if (error instanceof AppError && error.status < 500) return;
        deps.log?.warn({ error: error instanceof Error ? error.message : String(error) }, 'code not sent');
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  }
  const codeRequested: TCodeRequested = {
    expiresInSeconds: Limits.tacTtlSeconds,
    resendInSeconds: Limits.tacResendSeconds,
  };

  async function userInfo(member: MemberRow): Promise<TUserInfo> {
    const names = await members.usernamesOf(
      [member.sponsor_id, member.placement_parent_id].filter((id): id is string => id !== null),
    );
    return infoOf(member, {
      sponsor: member.sponsor_id ? (names.get(member.sponsor_id) ?? null) : null,
      placement: member.placement_parent_id ? (names.get(member.placement_parent_id) ?? null) : null,
    });
  }

  /**
   * GET /api/me: the member, their sponsor's and placement's usernames and their KYC status in one round
   * trip (two statements in parallel cost two transactions and twice the per-query CPU; decision 80).
   */
  async function me(memberId: string): Promise<TMe> {
    const row = await members.findWithNames(memberId, deps.kycStatus);
    if (!row) throw new AppError('SESSION_INVALID');
    const info = infoOf(row, {
      sponsor: row.sponsor_username ?? null,
      placement: row.placement_username ?? null,
    });
    // Not `{ ...info, kycStatus }`: a copy with one more key costs V8 about 1 µs, on every GET /api/me.
    return Object.assign(info, { kycStatus: row.kyc_status });
  }

  function infoOf(
    member: MemberProfileRow,
    names: { sponsor: string | null; placement: string | null },
  ): TUserInfo {
    return {
      userid: member.id,
      username: member.username,
      role: member.role,
      fullName: member.full_name,
      email: member.email,
      mobile: member.mobile,
      sponsor: names.sponsor,
      placement: names.placement,
      side: member.placement_side,
      rank: member.rank,
      language: member.language,
      hasTransactionPassword: member.has_transaction_password,
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
    // Throttled tries are refused before any password check (login-throttle.ts, decision 43).
    const attempt = await throttle.begin({ memberId: member?.id ?? null, login: input.login }, meta);
    if (!member) {
      await burnPasswordCheck(input.password);
      return attempt.failed();
    }
    if (!(await verifyPassword(member.password_hash, input.password))) return attempt.failed();
    // The password was right: that is all the throttle guards (decision 43). A staff member's second factor
    // (TOTP_REQUIRED without it, decision 45) has its own count and lock, so a mistyped code does not make
    // the admin's address wait as if the password had been guessed.
    await attempt.succeeded();
    const factor = await mfa.atLogin(member, input, meta.ip);
    await attempt.signedIn();
    const token = await sessions.create(member.id, meta);
    return { token, user: await userInfo(member), ...(await mfa.sessionOpened(token, factor)) };
  }

  /** "Send me an unlock code": the same answer for every login; sent only to an existing member's contact. */
  async function loginUnlockStart(login: string): Promise<TCodeRequested> {
    const member = await members.findByLogin(login);
    if (member) {
      sendInBackground(() =>
        tac.send({
          purpose: 'login_unlock',
          destination: contactOf(member),
          memberId: member.id,
          language: member.language,
        }),
      );
    }
    return codeRequested;
  }

  /** An unlock code from the member's contact: this address may try the password again (and is trusted). */
  async function loginUnlock(input: TLoginUnlock, meta: ClientMeta): Promise<void> {
    const member = await members.findByLogin(input.login);
    const destination = member ? (member.email ?? member.mobile) : null;
    // No member or no contact: the same statement against a destination no code was ever sent to.
    await tac.consume(
      { purpose: 'login_unlock', destination: destination ?? `none:${input.login}` },
      input.code,
    );
    if (member) await throttle.unlock(member.id, meta);
  }

  function contactOf(member: MemberRow): string {
    const destination = member.email ?? member.mobile;
    if (!destination) throw new AppError('CONTACT_MISSING', 'No email or mobile is registered');
    return destination;
  }

  /** The same answer, as fast, for every login (decision 43); the code goes out after the answer. */
  async function forgotStart(login: string): Promise<TCodeRequested> {
    const member = await members.findByLogin(login);
    if (member) {
      sendInBackground(() =>
        tac.send({
          purpose: 'reset_password',
          destination: contactOf(member),
          memberId: member.id,
          language: member.language,
        }),
      );
    }
    return codeRequested;
  }

  /** A wrong code and an unknown login answer alike (TAC_INVALID), after the same hashing work. */
  async function forgotReset(input: TForgotReset, ip: string): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const member = await members.findByLogin(input.login);
    const destination = member ? (member.email ?? member.mobile) : null;
    if (!member || !destination) {
      await tac.consume({ purpose: 'reset_password', destination: `none:${input.login}` }, input.code);
      return;
    }
    const { holdUntil } = await db.transaction().execute(async (trx) => {
      await tac.consume({ purpose: 'reset_password', destination }, input.code, trx);
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash })
        .where('id', '=', member.id)
        .execute();
      await throttle.forgetFailures(member.id, trx);
      await sessions.endAllOf(member.id, 'password_reset', undefined, trx);
      return changes.record(trx, { memberId: member.id, kind: 'password_reset', ip });
    });
    await changes.tell(member, contactsOf(member), { change: 'password_reset', holdUntil });
  }

  /**
   * Step-up, first part: the member's login password (decision 42). A stolen session must not be a free
   * way to guess it: each check counts in the login throttle (decision 57), from the caller's address.
   */
  async function checkCurrentPassword(
    caller: Pick<Caller, 'memberId' | 'ip'>,
    currentPassword: string,
  ): Promise<MemberRow> {
    const member = await memberOrFail(caller.memberId);
    const attempt = await throttle.begin(
      { memberId: member.id, login: member.username },
      { ip: caller.ip, userAgent: '' },
      'step_up',
    );
    if (!(await verifyPassword(member.password_hash, currentPassword))) return attempt.failed();
    await attempt.succeeded();
    return member;
  }

  /** Step-up: the login password, and a code sent to the member's current contact (purpose login_password). */
  async function changePassword(caller: Caller, input: TChangePassword): Promise<void> {
    const member = await checkCurrentPassword(caller, input.currentPassword);
    const passwordHash = await hashPassword(input.password);
    const { holdUntil } = await db.transaction().execute(async (trx) => {
      await tac.consume({ purpose: 'login_password', destination: contactOf(member) }, input.code, trx);
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash })
        .where('id', '=', member.id)
        .execute();
      return changes.record(trx, {
        memberId: member.id,
        kind: 'password_changed',
        ip: caller.ip,
        keepSessionId: caller.sessionId,
      });
    });
    await changes.tell(member, contactsOf(member), { change: 'password_changed', holdUntil });
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

  /**
   * Set, change or reset the transaction password. Step-up: the login password, and a code sent to the
   * member's current contact (purpose transaction_password); the old transaction password is not asked,
   * so a member who forgot it uses the same form (decision 42). A new one clears the count of wrong ones.
   */
  async function setTransactionPassword(caller: Caller, input: TSetTransactionPassword) {
    const member = await checkCurrentPassword(caller, input.currentPassword);
    const value = await sealed.unseal(caller, input.secret);
    const confirm = await sealed.unseal(caller, input.confirm);
    if (value !== confirm) throw new AppError('PASSWORD_MISMATCH');
    if (!ZTransactionPasswordValue.safeParse(value).success) throw new AppError('PASSWORD_TOO_WEAK');
    const valueHash = await hashPassword(value);
    const kind = member.transaction_password_hash
      ? 'transaction_password_changed'
      : 'transaction_password_set';
    const { holdUntil } = await db.transaction().execute(async (trx) => {
      await tac.consume({ purpose: 'transaction_password', destination: contactOf(member) }, input.code, trx);
      await trx
        .updateTable('members')
        .set({ transaction_password_hash: valueHash })
        .where('id', '=', member.id)
        .execute();
      await guard.clear(trx, member.id);
      return changes.record(trx, {
        memberId: member.id,
        kind,
        ip: caller.ip,
        keepSessionId: caller.sessionId,
      });
    });
    await changes.tell(member, contactsOf(member), { change: kind, holdUntil });
  }

  /**
   * Every money action calls this with the sealed transaction password it was sent (through the money
   * services' `checkPassword`). Wrong ones are counted per member; past the limit every money action is
   * refused, the right password included, until the lock has passed (decision 42).
   */
  async function verifyTransactionPassword(
    memberId: string,
    from: SessionRequest,
    secret: TSealed,
    ip: string,
  ): Promise<void> {
    await checkTransactionPassword({ memberId, from, secret, ip, outflow: false });
  }

  /**
   * `verifyTransactionPassword` for money that leaves the member: refused first while a money hold runs
   * (MONEY_HELD, decision 42), so a held request costs no password attempt.
   */
  async function verifyOutflow(memberId: string, from: SessionRequest, secret: TSealed, ip: string) {
    await checkTransactionPassword({ memberId, from, secret, ip, outflow: true });
  }

  /**
   * The hash, the hold and the lock come in one statement (decision 83), and are refused in the order
   * they were before: the hold, the member, the missing password, the lock (before the nonce is spent).
   */
  async function checkTransactionPassword(check: {
    memberId: string;
    /** The session and the request's Idempotency-Key claim: the sealed password's nonce is spent for them. */
    from: SessionRequest;
    secret: TSealed;
    ip: string;
    outflow: boolean;
  }): Promise<void> {
    const { memberId } = check;
    const row = await members.findTransactionPasswordHash(memberId, (id) => ({
      ...deps.holds.columnsOf(id),
      locked_until: guard.lockedUntilColumn(id),
    }));
    if (check.outflow && row) refuseHeld(holdOf(row));
    if (!row) throw new AppError('SESSION_INVALID');
    const stored = row.transaction_password_hash;
    if (!stored) throw new AppError('TRANSACTION_PASSWORD_NOT_SET');
    refuseLocked(row.locked_until);
    const value = await sealed.unseal(check.from, check.secret);
    await guard.attempt(memberId, check.ip, () => verifyPassword(stored, value));
  }

  /** What the money screens show: a hold after a credential change, a lock after wrong passwords. */
  async function moneyHoldState(memberId: string): Promise<TMoneyHoldState> {
    const [hold, lockedUntil] = await Promise.all([
      deps.holds.current(memberId),
      guard.lockedUntil(memberId),
    ]);
    return {
      hold,
      transactionPasswordLockedUntil: lockedUntil?.toISOString() ?? null,
      holdHours: deps.holds.hours,
    };
  }

  /** Uses up a code sent by sendMemberTac, inside the caller's transaction (the action it confirms). */
  async function consumeMemberTac(memberId: string, purpose: TMemberTacPurpose, code: string, trx: Db) {
    const member = await memberOrFail(memberId);
    await tac.consume({ purpose, destination: contactOf(member) }, code, trx);
  }

  return {
    me,
    checkUsername,
    checkSponsor,
    checkPlacement,
    sendSignupTac,
    register,
    login,
    loginUnlockStart,
    loginUnlock,
    forgotStart,
    forgotReset,
    checkCurrentPassword,
    changePassword,
    sendMemberTac,
    consumeMemberTac,
    setTransactionPassword,
    verifyTransactionPassword,
    verifyOutflow,
    /** Waits for the codes still being sent in the background (the app's close). */
    settle: async () => {
      await Promise.all([...pending]);
    },
    moneyHoldState,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
