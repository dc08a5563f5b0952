import { defineEndpoint } from '../endpoint';
import {
  ZStepUpResult,
  ZTotpEnrolled,
  ZTotpEnrolmentConfirm,
  ZTotpEnrolmentStart,
  ZTotpProof,
  ZTotpStatus,
} from '../staff';

/** The operations registered by apps/api/src/modules/auth/staff-mfa.routes.ts. */
export const StaffMfaEndpoints = {
  totpStatus: defineEndpoint({ method: 'GET', path: '/api/auth/totp', response: ZTotpStatus }),
  totpEnrolment: defineEndpoint({
    method: 'POST',
    path: '/api/auth/totp/enrolment',
    response: ZTotpEnrolmentStart,
  }),
  totpEnrolmentConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/auth/totp/enrolment/confirm',
    body: ZTotpEnrolmentConfirm,
    response: ZTotpEnrolled,
  }),
  totpStepUp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/totp/step-up',
    body: ZTotpProof,
    response: ZStepUpResult,
  }),
};
