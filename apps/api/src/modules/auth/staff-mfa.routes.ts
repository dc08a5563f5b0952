import {
  Paths,
  ZStepUpResult,
  ZTotpEnrolled,
  ZTotpEnrolmentConfirm,
  ZTotpEnrolmentStart,
  ZTotpProof,
  ZTotpStatus,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
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

  app.get(
    Paths.totpStatus,
    { config: session, schema: { tags, response: { 200: ZTotpStatus } } },
    async (request) => {
      const caller = callerOf(request);
      return mfa.status(caller.memberId, caller.sessionId);
    },
  );

  app.post(
    Paths.totpEnrolment,
    { config: { ...session, ...guessing }, schema: { tags, response: { 200: ZTotpEnrolmentStart } } },
    async (request) => mfa.startEnrolment(await memberOf(request)),
  );

  app.post(
    Paths.totpEnrolmentConfirm,
    {
      config: { ...session, ...guessing },
      schema: { tags, body: ZTotpEnrolmentConfirm, response: { 200: ZTotpEnrolled } },
    },
    async (request) =>
      mfa.confirmEnrolment(
        await memberOf(request),
        callerOf(request).sessionId,
        request.body.code,
        request.ip,
      ),
  );

  app.post(
    Paths.totpStepUp,
    {
      config: { access: 'staff', ...guessing },
      schema: { tags, body: ZTotpProof, response: { 200: ZStepUpResult } },
    },
    async (request) => {
      const caller = callerOf(request);
      return mfa.stepUp(caller.memberId, caller.sessionId, request.body, request.ip);
    },
  );
};
