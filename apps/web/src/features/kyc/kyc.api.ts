import {
  Paths,
  type TAdminKycQuery,
  type TKycSubmitRequest,
  ZAdminKycDetail,
  ZAdminKycPage,
  ZKycState,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, type CallOptions, pathWith } from '../../app/api';

export const kycKeys = {
  state: ['kyc', 'state'] as const,
  admin: ['admin', 'kyc'] as const,
  adminDetail: (id: string) => ['admin', 'kyc', 'detail', id] as const,
};

type Handled = Pick<CallOptions, 'handled'>;

/**
 * The KYC calls of the member (Home/checkKycStatus, submitKYC) and of the admins' review. checkIDTypeNo
 * (POST /api/kyc/id-number-check) answers only about the member's own submission, which the form has no use
 * for: it is left to other clients.
 */
export const kycApi = {
  state: (signal?: AbortSignal) => api.get(Paths.kyc, ZKycState, { signal }),
  submit: (body: TKycSubmitRequest, o: Handled) => api.post(Paths.kyc, ZKycState, body, o),

  adminQueue: (
    filter: Pick<TAdminKycQuery, 'status'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.get(Paths.adminKyc, ZAdminKycPage, { query: { ...filter, page, pageSize }, signal }),
  adminDetail: (id: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.adminKycSubmission, { id }), ZAdminKycDetail, { signal }),
  approve: (id: string, o: Handled) =>
    api.post(pathWith(Paths.adminKycApprove, { id }), ZAdminKycDetail, {}, o),
  reject: (id: string, reason: string, o: Handled) =>
    api.post(pathWith(Paths.adminKycReject, { id }), ZAdminKycDetail, { reason }, o),
};

export const useKycState = () =>
  useQuery({ queryKey: kycKeys.state, queryFn: ({ signal }) => kycApi.state(signal) });

export const useAdminKycDetail = (id: string) =>
  useQuery({ queryKey: kycKeys.adminDetail(id), queryFn: ({ signal }) => kycApi.adminDetail(id, signal) });
