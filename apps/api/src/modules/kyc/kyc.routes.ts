import {
  Paths,
  ZAdminKycDetail,
  ZAdminKycPage,
  ZAdminKycQuery,
  ZKycIdNumberCheck,
  ZKycIdNumberCheckQuery,
  ZKycRejectRequest,
  ZKycState,
  ZKycSubmitRequest,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
import type { KycService } from './kyc.service';

const ZIdParams = z.object({ id: z.uuid() });

function actorOf(request: FastifyRequest): Actor {
  return { memberId: callerOf(request).memberId, ip: request.ip };
}

export interface KycRoutesOptions {
  kyc: KycService;
  /** Per member per minute on submitting and on the ID-number check (the auth limit). */
  checkRateLimit: number;
}

/** The member's KYC (Home/getCountry is the contracts' country list, named in the browser). */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, { kyc, checkRateLimit }) => {
  const tags = ['kyc'];
  const member = { access: 'member' as const };
  const limited = { ...member, rateLimit: { max: checkRateLimit, timeWindow: '1 minute' } };

  // Home/checkKycStatus
  app.get(Paths.kyc, { config: member, schema: { tags, response: { 200: ZKycState } } }, (request) =>
    kyc.state(callerOf(request).memberId),
  );

  // Home/submitKYC
  app.post(
    Paths.kyc,
    {
      config: limited,
      schema: { tags, body: ZKycSubmitRequest, response: { 200: ZKycState } },
    },
    (request) => kyc.submit(actorOf(request), request.body),
  );

  // Home/checkIDTypeNo. A POST: the number travels in the body, so it never lands in a log's URL.
  app.post(
    Paths.kycIdNumberCheck,
    {
      config: limited,
      schema: { tags, body: ZKycIdNumberCheckQuery, response: { 200: ZKycIdNumberCheck } },
    },
    (request) => kyc.checkIdNumber(callerOf(request).memberId, request.body),
  );
};

/** The review queue of staff (admins and support). Every decision is audited and notified by the service. */
export const kycAdminRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  const tags = ['admin'];
  const staff = { access: 'staff' as const };

  app.get(
    Paths.adminKyc,
    { config: staff, schema: { tags, querystring: ZAdminKycQuery, response: { 200: ZAdminKycPage } } },
    (request) => kyc.adminQueue(request.query),
  );

  app.get(
    Paths.adminKycSubmission,
    { config: staff, schema: { tags, params: ZIdParams, response: { 200: ZAdminKycDetail } } },
    (request) => kyc.adminDetail(request.params.id),
  );

  app.post(
    Paths.adminKycApprove,
    { config: staff, schema: { tags, params: ZIdParams, response: { 200: ZAdminKycDetail } } },
    (request) => kyc.approve(actorOf(request), request.params.id),
  );

  app.post(
    Paths.adminKycReject,
    {
      config: staff,
      schema: { tags, params: ZIdParams, body: ZKycRejectRequest, response: { 200: ZAdminKycDetail } },
    },
    (request) => kyc.reject(actorOf(request), request.params.id, request.body.reason),
  );
};
