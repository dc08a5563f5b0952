import type { KycStatus, TAdminKycQuery, TKycIdNumberCheckQuery } from '@app/contracts';
import { type Expression, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { KycSubmissionsTable } from '../../db/schema';

export type SubmissionRow = Selectable<KycSubmissionsTable>;
export type SubmissionWithNames = SubmissionRow & { username: string; reviewer: string | null };

/** The ID number as uniqueness compares it (the migration's generated `id_number_key`). */
export const idNumberKey = (idNumber: string) => idNumber.replaceAll('-', '');

/**
 * A member's KYC status as a column of another module's statement: what `statusOf` answers (the latest
 * submission's status, `none` without one), for a read that wants it beside its own row in one round trip
 * (GET /api/me). The KYC module keeps the SQL; the caller only places it (decision 80).
 */
export function kycStatusColumn(memberId: Expression<string>): RawBuilder<KycStatus> {
  return sql<KycStatus>`coalesce((SELECT k.status FROM kyc_submissions k WHERE k.member_id = ${memberId}
    ORDER BY k.created_at DESC LIMIT 1), 'none')`;
}

/** The KYC module's queries. `ex` is the database or the caller's transaction. */
export const kycRepository = {
  /** `kycStatusColumn` alone: the rule of which submission counts is written once, there. */
  async statusOf(ex: Db, memberId: string): Promise<KycStatus> {
    const row = await ex
      .selectNoFrom(kycStatusColumn(sql.val(memberId)).as('status'))
      .executeTakeFirstOrThrow();
    return row.status;
  },

  async latestOf(ex: Db, memberId: string): Promise<SubmissionRow | undefined> {
    return ex
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async hasApproved(ex: Db, memberId: string): Promise<boolean> {
    const row = await ex
      .selectFrom('kyc_submissions')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Whether a pending or approved submission (a rejected one frees the number) holds this ID: the member's
   * own (`self`, the only answer the ID check gives) or another member's (`other`, refused at submission).
   */
  async idHeld(ex: Db, memberId: string, id: TKycIdNumberCheckQuery, by: 'self' | 'other'): Promise<boolean> {
    const row = await ex
      .selectFrom('kyc_submissions')
      .select('id')
      .where('country', '=', id.country)
      .where('id_type', '=', id.idType)
      .where('id_number_key', '=', idNumberKey(id.idNumber))
      .where('status', '<>', 'rejected')
      .where('member_id', by === 'self' ? '=' : '<>', memberId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Takes the member's row lock, so that one member's submissions run one after the other and each sees the
   * state the previous one left. NO KEY UPDATE: rows of other tables that reference the member are not held up.
   */
  async lockMember(ex: Db, memberId: string): Promise<void> {
    await ex
      .selectFrom('members')
      .select('id')
      .where('id', '=', memberId)
      .forNoKeyUpdate()
      .executeTakeFirst();
  },

  /** One submission, locked for its review. */
  async lockSubmission(ex: Db, id: string): Promise<SubmissionRow | undefined> {
    return ex.selectFrom('kyc_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async withNames(ex: Db, id: string): Promise<SubmissionWithNames | undefined> {
    return ex
      .selectFrom('kyc_submissions as k')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .leftJoin('members as r', 'r.id', 'k.reviewed_by')
      .selectAll('k')
      .select(['m.username as username', 'r.username as reviewer'])
      .where('k.id', '=', id)
      .executeTakeFirst();
  },

  /** How many submissions the member made before this one. */
  async countEarlier(ex: Db, row: SubmissionRow): Promise<number> {
    const found = await ex
      .selectFrom('kyc_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', row.member_id)
      .where('created_at', '<', row.created_at)
      .executeTakeFirstOrThrow();
    return Number(found.n);
  },

  async page(ex: Db, query: TAdminKycQuery): Promise<SubmissionWithNames[]> {
    let q = ex
      .selectFrom('kyc_submissions as k')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .leftJoin('members as r', 'r.id', 'k.reviewed_by')
      .selectAll('k')
      .select(['m.username as username', 'r.username as reviewer']);
    if (query.status) q = q.where('k.status', '=', query.status);
    // The pending queue is worked oldest first (first come, first served); decided ones newest first.
    const direction = query.status === 'pending' ? 'asc' : 'desc';
    return q
      .orderBy('k.created_at', direction)
      .orderBy('k.id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
  },
};
