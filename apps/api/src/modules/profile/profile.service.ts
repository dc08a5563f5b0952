import {
  type KycStatus,
  type TContact,
  type TContactChange,
  type TProfile,
  type TTacSent,
  type TUpdateProfile,
  type TUserInfo,
  uploadUrlOf,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { destinationOf, isUniqueViolation } from '../auth/auth.service';
import type { TacService } from '../auth/tac.service';
import type { MembersRepository } from '../members/members.repository';

export interface ProfileDeps {
  db: Db;
  members: MembersRepository;
  tac: TacService;
  /** The signed-in member as `/api/me` shows them (auth owns it). */
  me: (memberId: string) => Promise<TUserInfo>;
  /** The member's KYC state (KYC owns it). */
  kycStatusOf: (memberId: string) => Promise<KycStatus>;
  /** Claims an upload of purpose 'avatar' for the member inside `trx` (uploads module). */
  claimAvatar: (trx: Db, memberId: string, uploadId: string) => Promise<void>;
}

/**
 * The member's own profile (Member/getprofile, Member/updateprofile): the display name, the avatar, and the
 * email or mobile, each changed only with a TAC code that reached the NEW contact. Username, sponsor and
 * placement are never written here.
 */
export function createProfileService(deps: ProfileDeps) {
  const { db, members, tac } = deps;

  async function view(memberId: string): Promise<TProfile> {
    const [user, kycStatus, row] = await Promise.all([
      deps.me(memberId),
      deps.kycStatusOf(memberId),
      db.selectFrom('members').select('avatar_upload_id').where('id', '=', memberId).executeTakeFirst(),
    ]);
    return {
      ...user,
      kycStatus,
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
  async function assertNewContact(memberId: string, contact: TContact, destination: string) {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('SESSION_INVALID');
    const current = contact.channel === 'email' ? member.email : member.mobile;
    if (current === destination) throw new AppError('CONTACT_UNCHANGED');
    const taken = await members.contactTaken(
      contact.channel === 'email' ? { email: destination } : { mobile: destination },
    );
    if (taken) throw new AppError(contact.channel === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN');
    return member;
  }

  async function sendContactTac(memberId: string, contact: TContact): Promise<TTacSent> {
    const destination = destinationOf(contact);
    const member = await assertNewContact(memberId, contact, destination);
    return tac.send({ purpose: 'change_contact', destination, memberId, language: member.language });
  }

  async function changeContact(memberId: string, input: TContactChange): Promise<TProfile> {
    const destination = destinationOf(input.contact);
    await assertNewContact(memberId, input.contact, destination);
    await db
      .transaction()
      .execute(async (trx) => {
        await tac.consume({ purpose: 'change_contact', destination }, input.code, trx);
        await trx
          .updateTable('members')
          .set(input.contact.channel === 'email' ? { email: destination } : { mobile: destination })
          .where('id', '=', memberId)
          .execute();
      })
      .catch((error: unknown) => {
        // Another member may have taken the contact between the check and the update.
        if (isUniqueViolation(error, 'members_email')) throw new AppError('EMAIL_TAKEN');
        if (isUniqueViolation(error, 'members_mobile')) throw new AppError('MOBILE_TAKEN');
        throw error;
      });
    return view(memberId);
  }

  return { view, update, sendContactTac, changeContact };
}

export type ProfileService = ReturnType<typeof createProfileService>;
