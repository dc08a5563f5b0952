import {
  StaffMfaEndpoints,
  type TAdminApprovalsQuery,
  type TTotpProof,
  WalletAdminEndpoints,
} from '@app/contracts';
import { api } from '../../app/api';

/** One call's extras: the codes the calling form shows itself, and the key of a money action. */
interface Options {
  handled?: readonly string[];
  idempotencyKey?: string;
}

/** The staff second factor (decision 45) and the four-eyes approvals. */
export const staffApi = {
  totpStatus: (signal?: AbortSignal) => api.call(StaffMfaEndpoints.totpStatus, { signal }),
  startEnrolment: (o: Options = {}) => api.call(StaffMfaEndpoints.totpEnrolment, { ...o }),
  confirmEnrolment: (code: string, o: Options = {}) =>
    api.call(StaffMfaEndpoints.totpEnrolmentConfirm, { body: { code }, ...o }),
  stepUp: (proof: TTotpProof, o: Options = {}) =>
    api.call(StaffMfaEndpoints.totpStepUp, { body: proof, ...o }),

  approvals: (
    query: Omit<TAdminApprovalsQuery, 'page' | 'pageSize'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.call(WalletAdminEndpoints.adminApprovals, { query: { ...query, page, pageSize }, signal }),
  approve: (id: string, o: Options) =>
    api.call(WalletAdminEndpoints.adminApprovalApprove, { params: { id }, ...o }),
  reject: (id: string, reason: string, o: Options = {}) =>
    api.call(WalletAdminEndpoints.adminApprovalReject, { params: { id }, body: { reason }, ...o }),
};

export const staffKeys = {
  totp: ['staff', 'totp'] as const,
  approvals: ['admin', 'approvals'] as const,
};
