import { KycEndpoints, type TAdminKycQuery, type TKycSubmitRequest } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, type CallOptions } from '../../app/api';

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
  state: (signal?: AbortSignal) => api.call(KycEndpoints.kyc, { signal }),
  submit: (body: TKycSubmitRequest, o: Handled) => api.call(KycEndpoints.postKyc, { body, ...o }),

  adminQueue: (
    filter: Pick<TAdminKycQuery, 'status'>,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => api.call(KycEndpoints.adminKyc, { query: { ...filter, page, pageSize }, signal }),
  adminDetail: (id: string, signal?: AbortSignal) =>
    api.call(KycEndpoints.adminKycSubmission, { params: { id }, signal }),
  approve: (id: string, o: Handled) => api.call(KycEndpoints.adminKycApprove, { params: { id }, ...o }),
  reject: (id: string, reason: string, o: Handled) =>
    api.call(KycEndpoints.adminKycReject, { params: { id }, body: { reason }, ...o }),
};

export const useKycState = () =>
  useQuery({ queryKey: kycKeys.state, queryFn: ({ signal }) => kycApi.state(signal) });

export const useAdminKycDetail = (id: string) =>
  useQuery({ queryKey: kycKeys.adminDetail(id), queryFn: ({ signal }) => kycApi.adminDetail(id, signal) });
