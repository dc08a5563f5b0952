import { Endpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { AppError } from '../../platform/errors';
import type { MembersRepository } from '../members/members.repository';
import type { StaffMfa } from './staff-mfa.service';

/**
 * The staff second factor (decision 45): its state, enrolment (a session that passed no second factor may
 * call these, and nothing else), and the step-up code before money actions.
 */
export const staffMfaRoutes: FastifyPluginAsyncZod<{
  mfa: StaffMfa;
  members: MembersRepository;
  codeRateLimit: number;
}> = async (app, { mfa, members, codeRateLimit }) => {
  const tags = ['auth'];
  const session = { access: 'session' as const };
  const guessing = { rateLimit: { max: codeRateLimit, timeWindow: '1 minute' } };

  const memberOf = async (request: FastifyRequest) => {
    const member = await members.findById(callerOf(request).memberId);
    if (!member) throw new AppError('SESSION_INVALID');
    return member;
  };

  route(app, Endpoints.staffMfa.totpStatus, {
    config: session,
    tags,
    handler: async (request) => {
      const caller = callerOf(request);
      return mfa.status(caller.memberId, caller.sessionId);
    },
  });

  route(app, Endpoints.staffMfa.totpEnrolment, {
    config: { ...session, ...guessing },
    tags,
    handler: async (request) => mfa.startEnrolment(await memberOf(request)),
  });

  route(app, Endpoints.staffMfa.totpEnrolmentConfirm, {
    config: { ...session, ...guessing },
    tags,
    handler: async (request) =>
      mfa.confirmEnrolment(
        await memberOf(request),
        callerOf(request).sessionId,
        request.body.code,
        request.ip,
      ),
  });

  route(app, Endpoints.staffMfa.totpStepUp, {
    config: { access: 'staff', ...guessing },
    tags,
    handler: async (request) => {
      const caller = callerOf(request);
      return mfa.stepUp(caller.memberId, caller.sessionId, request.body, request.ip);
    },
  });
};
