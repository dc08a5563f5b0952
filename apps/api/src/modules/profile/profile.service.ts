import {
  type TContact,
  type TContactChange,
  type TContactChangeTac,
  type TContactChangeTacSent,
  type TMe,
  type TProfile,
  type TUpdateProfile,
  uploadUrlOf,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { type Caller, destinationOf, isUniqueViolation } from '../auth/auth.service';
import { type CredentialChanges, contactsOf } from '../auth/credential-changes';
import type { TacService } from '../auth/tac.service';
import { maskDestination } from '../members/mask';
import type { MemberRow, MembersRepository } from '../members/members.repository';

export interface ProfileDeps {
  db: Db;
  members: MembersRepository;
  tac: TacService;
  /** Step-up: the member's login password, or CURRENT_PASSWORD_WRONG (auth owns it). */
  checkCurrentPassword: (
    caller: Pick<Caller, 'memberId' | 'ip'>,
    currentPassword: string,
  ) => Promise<MemberRow>;
  /** What follows a credential change: sessions end, audit, money hold, bell, notice (decision 42). */
  changes: CredentialChanges;
  /** The signed-in member as `/api/me` shows them, their KYC status included (auth owns it). */
  me: (memberId: string) => Promise<TMe>;
  /** Claims an upload of purpose 'avatar' for the member inside `trx` (uploads module). */
  claimAvatar: (trx: Db, memberId: string, uploadId: string) => Promise<void>;
}

/** The member's contact now, where step-up codes go: the email, else the mobile (as auth's codes go). */
function currentContactOf(member: MemberRow): string {
  const destination = member.email ?? member.mobile;
  if (!destination) throw new AppError('CONTACT_MISSING', 'No email or mobile is registered');
  return destination;
}

/** A refused code of the contact change, tied to the field it came from (both are TAC codes). */
async function codeOfField<T>(field: 'currentCode' | 'code', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('TAC_')) {
      throw new AppError(error.code, error.message, { ...error.details, field });
    }
    throw error;
  }
}

/**
 * The member's own profile (Member/getprofile, Member/updateprofile): the display name, the avatar, and the
 * email or mobile. A contact change is a credential change (decision 42): the login password, a code to
 * the CURRENT contact and a code to the NEW one. Username, sponsor and placement are never written here.
 */
export function createProfileService(deps: ProfileDeps) {
  const { db, members, tac } = deps;

  async function view(memberId: string): Promise<TProfile> {
    const [user, row] = await Promise.all([
      deps.me(memberId),
      db.selectFrom('members').select('avatar_upload_id').where('id', '=', memberId).executeTakeFirst(),
    ]);
    return {
      ...user,
      avatarUploadId: row?.avatar_upload_id ?? null,
      avatarUrl: row?.avatar_upload_id ? uploadUrlOf(row.avatar_upload_id) : null,
      invitationCode: user.username,
    };
  }

  async function update(memberId: string, input: TUpdateProfile): Promise<TProfile> {
    await db.transaction().execute(async (trx) => {
      // The claim checks the upload is this member's avatar; a refused claim rolls the name back too.
      if (input.avatarUploadId) await deps.claimAvatar(trx, memberId, input.avatarUploadId);
      await trx
        .updateTable('members')
        .set({
          ...(input.fullName === undefined ? {} : { full_name: input.fullName }),
          ...(input.avatarUploadId === undefined ? {} : { avatar_upload_id: input.avatarUploadId }),
        })
        .where('id', '=', memberId)
        .execute();
    });
    return view(memberId);
  }

  /** The new contact must differ from the member's own and belong to nobody else (as at sign-up). */
  async function assertNewContact(member: MemberRow, contact: TContact, destination: string) {
    const current = contact.channel === 'email' ? member.email : member.mobile;
    if (current === destination) throw new AppError('CONTACT_UNCHANGED');
    const taken = await members.contactTaken(
      contact.channel === 'email' ? { email: destination } : { mobile: destination },
    );
    if (taken) throw new AppError(contact.channel === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN');
  }

  /**
   * Step one: nothing is sent, and nothing is said about the new contact, without the login password
   * (a stolen session alone gets no further). Then one code to the current contact, one to the new.
   */
  async function sendContactTac(
    caller: Pick<Caller, 'memberId' | 'ip'>,
    input: TContactChangeTac,
  ): Promise<TContactChangeTacSent> {
    const { memberId } = caller;
    const member = await deps.checkCurrentPassword(caller, input.currentPassword);
    const destination = destinationOf(input.contact);
    await assertNewContact(member, input.contact, destination);
    const language = member.language;
    const toCurrent = await tac.send({
      purpose: 'change_contact_current',
      destination: currentContactOf(member),
      memberId,
      language,
    });
    const toNew = await tac.send({ purpose: 'change_contact', destination, memberId, language });
    return { toCurrent, toNew };
  }

  async function changeContact(caller: Caller, input: TContactChange): Promise<TProfile> {
    const member = await deps.checkCurrentPassword(caller, input.currentPassword);
    const destination = destinationOf(input.contact);
    await assertNewContact(member, input.contact, destination);
    const channel = input.contact.channel;
    const before = channel === 'email' ? member.email : member.mobile;
    const { holdUntil } = await db
      .transaction()
      .execute(async (trx) => {
        await codeOfField('currentCode', () =>
          tac.consume(
            { purpose: 'change_contact_current', destination: currentContactOf(member) },
            input.currentCode,
            trx,
          ),
        );
        await codeOfField('code', () =>
          tac.consume({ purpose: 'change_contact', destination }, input.code, trx),
        );
        await trx
          .updateTable('members')
          .set(channel === 'email' ? { email: destination } : { mobile: destination })
          .where('id', '=', member.id)
          .execute();
        return deps.changes.record(trx, {
          memberId: member.id,
          kind: 'contact_changed',
          ip: caller.ip,
          keepSessionId: caller.sessionId,
          detail: {
            channel,
            from: before ? maskDestination(before) : '',
            to: maskDestination(destination),
          },
        });
      })
      .catch((error: unknown) => {
        // Another member may have taken the contact between the check and the update.
        if (isUniqueViolation(error, 'members_email')) throw new AppError('EMAIL_TAKEN');
        if (isUniqueViolation(error, 'members_mobile')) throw new AppError('MOBILE_TAKEN');
        throw error;
      });
    // Every contact the member had before the change hears of it: the replaced one above all.
    await deps.changes.tell(member, contactsOf(member), {
      change: 'contact_changed',
      holdUntil,
      newContact: maskDestination(destination),
    });
    return view(member.id);
  }

  return { view, update, sendContactTac, changeContact };
}

export type ProfileService = ReturnType<typeof createProfileService>;
