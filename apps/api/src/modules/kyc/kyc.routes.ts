import { Endpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
import { route } from '../../platform/endpoint-route';
import type { KycService } from './kyc.service';

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
  route(app, Endpoints.kyc.kyc, {
    config: member,
    tags,
    handler: (request) => kyc.state(callerOf(request).memberId),
  });

  // Home/submitKYC
  route(app, Endpoints.kyc.postKyc, {
    config: limited,
    tags,
    handler: (request) => kyc.submit(actorOf(request), request.body),
  });

  // Home/checkIDTypeNo. A POST: the number travels in the body, so it never lands in a log's URL.
  route(app, Endpoints.kyc.kycIdNumberCheck, {
    config: limited,
    tags,
    handler: (request) => kyc.checkIdNumber(callerOf(request).memberId, request.body),
  });
};

/** The review queue of staff (admins and support). Every decision is audited and notified by the service. */
export const kycAdminRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  const tags = ['admin'];
  const staff = { access: 'staff' as const };

  route(app, Endpoints.kyc.adminKyc, {
    config: staff,
    tags,
    handler: (request) => kyc.adminQueue(request.query),
  });

  route(app, Endpoints.kyc.adminKycSubmission, {
    config: staff,
    tags,
    handler: (request) => kyc.adminDetail(request.params.id),
  });

  route(app, Endpoints.kyc.adminKycApprove, {
    config: staff,
    tags,
    handler: (request) => kyc.approve(actorOf(request), request.params.id),
  });

  route(app, Endpoints.kyc.adminKycReject, {
    config: staff,
    tags,
    handler: (request) => kyc.reject(actorOf(request), request.params.id, request.body.reason),
  });
};
