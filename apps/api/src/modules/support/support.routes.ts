import { Endpoints, SupportLimits } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
import { route } from '../../platform/endpoint-route';
import type { SupportService } from './support.service';

export interface SupportRoutesOptions {
  support: SupportService;
}

const tags = ['support'];
const me = (request: FastifyRequest) => callerOf(request).memberId;
const actorOf = (request: FastifyRequest): Actor => ({ memberId: me(request), ip: request.ip });

/** Customer service: the member's enquiries (sendEnquiries), their sent mail (showEmailHistory), the staff side. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { support }) => {
  const member = { access: 'member' as const };
  const writing = { ...member, rateLimit: { max: SupportLimits.postsPerMinute, timeWindow: '1 minute' } };
  const staff = { access: 'staff' as const };

  route(app, Endpoints.support.supportEnquiries, {
    config: member,
    tags,
    handler: (request) => support.list(me(request), request.query),
  });

  route(app, Endpoints.support.postSupportEnquiries, {
    config: writing,
    tags,
    handler: (request) => support.open(me(request), request.body),
  });

  route(app, Endpoints.support.supportEnquiry, {
    config: member,
    tags,
    handler: (request) => support.thread(me(request), request.params.id),
  });

  route(app, Endpoints.support.supportEnquiryMessages, {
    config: writing,
    tags,
    handler: (request) => support.post(me(request), request.params.id, request.body),
  });

  route(app, Endpoints.support.supportEnquiryClose, {
    config: member,
    tags,
    handler: (request) => support.close(me(request), request.params.id),
  });

  route(app, Endpoints.support.supportSentMessages, {
    config: member,
    tags,
    handler: (request) => support.sentMessages(me(request), request.query),
  });

  route(app, Endpoints.support.adminEnquiries, {
    config: staff,
    tags,
    handler: (request) => support.queue(request.query),
  });

  route(app, Endpoints.support.adminEnquiry, {
    config: staff,
    tags,
    handler: (request) => support.staffThread(request.params.id),
  });

  route(app, Endpoints.support.adminEnquiryMessages, {
    config: staff,
    tags,
    handler: (request) => support.reply(actorOf(request), request.params.id, request.body.text),
  });

  route(app, Endpoints.support.adminEnquiryClose, {
    config: staff,
    tags,
    handler: (request) => support.staffClose(actorOf(request), request.params.id),
  });
};
