import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  ZAdminKycDetail,
  ZAdminKycPage,
  ZAdminKycQuery,
  ZKycIdNumberCheck,
  ZKycIdNumberCheckQuery,
  ZKycRejectRequest,
  ZKycState,
  ZKycSubmitRequest,
} from '../kyc';

const ZIdParams = z.object({ id: z.uuid() });

/** The operations registered by apps/api/src/modules/kyc/kyc.routes.ts. */
export const KycEndpoints = {
  kyc: defineEndpoint({ method: 'GET', path: '/api/kyc', response: ZKycState }),
  postKyc: defineEndpoint({ method: 'POST', path: '/api/kyc', body: ZKycSubmitRequest, response: ZKycState }),
  kycIdNumberCheck: defineEndpoint({
    method: 'POST',
    path: '/api/kyc/id-number-check',
    body: ZKycIdNumberCheckQuery,
    response: ZKycIdNumberCheck,
  }),
  adminKyc: defineEndpoint({
    method: 'GET',
    path: '/api/admin/kyc',
    query: ZAdminKycQuery,
    response: ZAdminKycPage,
  }),
  adminKycSubmission: defineEndpoint({
    method: 'GET',
    path: '/api/admin/kyc/:id',
    params: ZIdParams,
    response: ZAdminKycDetail,
  }),
  adminKycApprove: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kyc/:id/approve',
    params: ZIdParams,
    response: ZAdminKycDetail,
  }),
  adminKycReject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kyc/:id/reject',
    params: ZIdParams,
    body: ZKycRejectRequest,
    response: ZAdminKycDetail,
  }),
};
