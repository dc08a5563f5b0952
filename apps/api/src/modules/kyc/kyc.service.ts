import { randomUUID } from 'node:crypto';
import {
  type KycStatus,
  type TAdminKycDetail,
  type TAdminKycItem,
  type TAdminKycPage,
  type TAdminKycQuery,
  type TKycCountry,
  type TKycIdNumberCheck,
  type TKycIdNumberCheckQuery,
  type TKycPictures,
  type TKycState,
  type TKycSubmission,
  type TKycSubmitRequest,
  uploadUrlOf,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { NotificationService } from '../notifications/notifications.service';
import type { UploadService } from '../uploads/uploads.service';
import {
  kycStatusColumn,
  kycRepository as repo,
  type SubmissionRow,
  type SubmissionWithNames,
} from './kyc.repository';
import { transition } from './kyc-state';

export interface KycServiceDeps {
  db: Db;
  uploads: Pick<UploadService, 'claim'>;
  notifications: Pick<NotificationService, 'notify'>;
}

/** An admin's decision on a pending submission. */
type Decision = { event: 'approve' } | { event: 'reject'; reason: string };

/** Where the member's KYC page lives: a tap on the review's notification leads there. */
const KYC_PAGE = '/pages/home/NameVerification';

function picturesOf(row: SubmissionRow): TKycPictures {
  return {
    front: uploadUrlOf(row.front_upload_id),
    back: uploadUrlOf(row.back_upload_id),
    holding: uploadUrlOf(row.holding_upload_id),
  };
}

function submissionView(row: SubmissionRow): TKycSubmission {
  return {
    id: row.id,
    status: row.status,
    country: row.country as TKycCountry,
    idType: row.id_type,
    fullName: row.full_name,
    idNumber: row.id_number,
    pictures: picturesOf(row),
    reason: row.reason,
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

function adminItemView(row: SubmissionWithNames): TAdminKycItem {
  return {
    id: row.id,
    status: row.status,
    memberId: row.member_id,
    username: row.username,
    country: row.country as TKycCountry,
    idType: row.id_type,
    fullName: row.full_name,
    idNumber: row.id_number,
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/** A unique index of the table refused the row: which rule it was. */
function uniqueRuleBroken(error: unknown): 'pending' | 'id' | null {
  const e = error as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  if (e.constraint === 'kyc_submissions_one_pending') return 'pending';
  if (e.constraint === 'kyc_submissions_id_in_use') return 'id';
  return null;
}

/**
 * Identity verification: members submit, admins review. A submission claims its three pictures and the
 * review notifies the member, each in the same transaction as the change, so neither exists without the
 * other. Which move is allowed when is kyc-state.ts's; the unique indexes of the table hold the rules that
 * concurrent requests could otherwise break.
 */
export function createKycService({ db, uploads, notifications }: KycServiceDeps) {
  async function statusOf(memberId: string): Promise<KycStatus> {
    return repo.statusOf(db, memberId);
  }

  async function state(memberId: string): Promise<TKycState> {
    const latest = await repo.latestOf(db, memberId);
    return { status: latest?.status ?? 'none', submission: latest ? submissionView(latest) : null };
  }

  /**
   * Whether the member's own pending or approved submission already holds this number. It never says
   * anything about other members' numbers (decision 43): that another member holds one is learnt only by
   * submitting (KYC_ID_TAKEN), with three pictures, audited and rate limited.
   */
  async function checkIdNumber(memberId: string, id: TKycIdNumberCheckQuery): Promise<TKycIdNumberCheck> {
    return { available: !(await repo.idHeld(db, memberId, id, 'self')) };
  }

  async function submit(actor: Actor, body: TKycSubmitRequest): Promise<TKycState> {
    const memberId = actor.memberId;
    try {
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, memberId);
        const latest = await repo.latestOf(trx, memberId);
        const move = transition(latest?.status ?? 'none', 'submit');
        if (!move.ok) throw new AppError(move.code);
        if (await repo.idHeld(trx, memberId, body, 'other')) throw new AppError('KYC_ID_TAKEN');
        // Pictures that are not the member's own unclaimed KYC uploads end it here: UPLOAD_NOT_FOUND.
        await uploads.claim(trx, {
          ids: [body.frontUploadId, body.backUploadId, body.holdingUploadId],
          ownerId: memberId,
          purpose: 'kyc',
        });
        const inserted = await trx
          .insertInto('kyc_submissions')
          .values({
            id: randomUUID(),
            member_id: memberId,
            status: move.to,
            country: body.country,
            id_type: body.idType,
            id_number: body.idNumber,
            full_name: body.fullName,
            front_upload_id: body.frontUploadId,
            back_upload_id: body.backUploadId,
            holding_upload_id: body.holdingUploadId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'kyc.submitted',
          subject: `kyc:${inserted.id}`,
          detail: { country: body.country, idType: body.idType },
        });
        return inserted;
      });
      return { status: row.status, submission: submissionView(row) };
    } catch (error) {
      // Another member's submission of the same ID committed between our check and our insert.
      const rule = uniqueRuleBroken(error);
      if (rule === 'id') throw new AppError('KYC_ID_TAKEN');
      if (rule === 'pending') throw new AppError('KYC_PENDING');
      throw error;
    }
  }

  async function detailOf(ex: Db, id: string): Promise<TAdminKycDetail> {
    const row = await repo.withNames(ex, id);
    if (!row) throw new AppError('KYC_NOT_FOUND');
    return {
      ...adminItemView(row),
      pictures: picturesOf(row),
      reason: row.reason,
      reviewedBy: row.reviewer,
      earlierSubmissions: await repo.countEarlier(ex, row),
    };
  }

  async function adminQueue(query: TAdminKycQuery): Promise<TAdminKycPage> {
    const rows = await repo.page(db, query);
    return { items: rows.map(adminItemView), page: query.page, pageSize: query.pageSize };
  }

  /** Approves or rejects a pending submission; the member hears of it when the decision commits. */
  async function review(actor: Actor, id: string, decision: Decision): Promise<TAdminKycDetail> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.lockSubmission(trx, id);
      if (!row) throw new AppError('KYC_NOT_FOUND');
      const move = transition(row.status, decision.event);
      if (!move.ok) throw new AppError(move.code);
      const reason = decision.event === 'reject' ? decision.reason : null;
      await trx
        .updateTable('kyc_submissions')
        .set({ status: move.to, reason, reviewed_by: actor.memberId, reviewed_at: new Date() })
        .where('id', '=', id)
        .execute();
      const to = { memberId: row.member_id, link: KYC_PAGE };
      if (decision.event === 'reject') {
        await notifications.notify(trx, { ...to, kind: 'kyc_rejected', params: { reason: decision.reason } });
      } else {
        await notifications.notify(trx, { ...to, kind: 'kyc_approved' });
      }
      await recordAudit(trx, actor, {
        action: `kyc.${move.to}`,
        subject: `kyc:${id}`,
        detail: { memberId: row.member_id, ...(reason ? { reason } : {}) },
      });
      return detailOf(trx, id);
    });
  }

  return {
    statusOf,
    /** `statusOf` as a column of another module's statement (kyc.repository.ts). */
    statusColumn: kycStatusColumn,
    /** Whether the member passed KYC (asked by purchases that require it). Approval is final. */
    isApproved: (memberId: string) => repo.hasApproved(db, memberId),
    state,
    checkIdNumber,
    submit,
    adminQueue,
    adminDetail: (id: string) => detailOf(db, id),
    approve: (actor: Actor, id: string) => review(actor, id, { event: 'approve' }),
    reject: (actor: Actor, id: string, reason: string) => review(actor, id, { event: 'reject', reason }),
  };
}

export type KycService = ReturnType<typeof createKycService>;
