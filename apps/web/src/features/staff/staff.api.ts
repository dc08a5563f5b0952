import {
  Paths,
  type TAdminApprovalsQuery,
  type TTotpProof,
  ZAdminApproval,
  ZStepUpResult,
  ZTotpEnrolled,
  ZTotpEnrolmentStart,
  ZTotpStatus,
  zPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

/** One call's extras: the codes the calling form shows itself, and the key of a money action. */
interface Options {
  handled?: readonly string[];
  idempotencyKey?: string;
}

const ZApprovalPage = zPage(ZAdminApproval);

/** The staff second factor (decision 45) and the four-eyes approvals. */
export const staffApi = {
  totpStatus: (signal?: AbortSignal) => api.get(Paths.totpStatus, ZTotpStatus, { signal }),
  startEnrolment: (o: Options = {}) => api.post(Paths.totpEnrolment, ZTotpEnrolmentStart, {}, o),
  confirmEnrolment: (code: string, o: Options = {}) =>
    api.post(Paths.totpEnrolmentConfirm, ZTotpEnrolled, { code }, o),
  stepUp: (proof: TTotpProof, o: Options = {}) => api.post(Paths.totpStepUp, ZStepUpResult, proof, o),

  approvals: (
    query: Omit<TAdminApprovalsQuery, 'page' | 'pageSize'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.get(Paths.adminApprovals, ZApprovalPage, { query: { ...query, page, pageSize }, signal }),
  approve: (id: string, o: Options) =>
    api.post(pathWith(Paths.adminApprovalApprove, { id }), ZAdminApproval, {}, o),
  reject: (id: string, reason: string, o: Options = {}) =>
    api.post(pathWith(Paths.adminApprovalReject, { id }), ZAdminApproval, { reason }, o),
};

export const staffKeys = {
  totp: ['staff', 'totp'] as const,
  approvals: ['admin', 'approvals'] as const,
};
