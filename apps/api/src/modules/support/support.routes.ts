import {
  Paths,
  SupportLimits,
  ZAdminEnquiry,
  ZAdminEnquiryPage,
  ZAdminEnquiryQuery,
  ZAdminEnquiryThread,
  ZEnquiry,
  ZEnquiryIdParams,
  ZEnquiryListQuery,
  ZEnquiryMessageRequest,
  ZEnquiryPage,
  ZEnquiryThread,
  ZOpenEnquiryRequest,
  ZPageQuery,
  ZSentMessagePage,
  ZStaffReplyRequest,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
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

  app.get(
    Paths.supportEnquiries,
    { config: member, schema: { tags, querystring: ZEnquiryListQuery, response: { 200: ZEnquiryPage } } },
    (request) => support.list(me(request), request.query),
  );

  app.post(
    Paths.supportEnquiries,
    { config: writing, schema: { tags, body: ZOpenEnquiryRequest, response: { 200: ZEnquiryThread } } },
    (request) => support.open(me(request), request.body),
  );

  app.get(
    Paths.supportEnquiry,
    { config: member, schema: { tags, params: ZEnquiryIdParams, response: { 200: ZEnquiryThread } } },
    (request) => support.thread(me(request), request.params.id),
  );

  app.post(
    Paths.supportEnquiryMessages,
    {
      config: writing,
      schema: {
        tags,
        params: ZEnquiryIdParams,
        body: ZEnquiryMessageRequest,
        response: { 200: ZEnquiryThread },
      },
    },
    (request) => support.post(me(request), request.params.id, request.body),
  );

  app.post(
    Paths.supportEnquiryClose,
    { config: member, schema: { tags, params: ZEnquiryIdParams, response: { 200: ZEnquiry } } },
    (request) => support.close(me(request), request.params.id),
  );

  app.get(
    Paths.supportSentMessages,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: ZSentMessagePage } } },
    (request) => support.sentMessages(me(request), request.query),
  );

  app.get(
    Paths.adminEnquiries,
    {
      config: staff,
      schema: { tags, querystring: ZAdminEnquiryQuery, response: { 200: ZAdminEnquiryPage } },
    },
    (request) => support.queue(request.query),
  );

  app.get(
    Paths.adminEnquiry,
    { config: staff, schema: { tags, params: ZEnquiryIdParams, response: { 200: ZAdminEnquiryThread } } },
    (request) => support.staffThread(request.params.id),
  );

  app.post(
    Paths.adminEnquiryMessages,
    {
      config: staff,
      schema: {
        tags,
        params: ZEnquiryIdParams,
        body: ZStaffReplyRequest,
        response: { 200: ZAdminEnquiryThread },
      },
    },
    (request) => support.reply(actorOf(request), request.params.id, request.body.text),
  );

  app.post(
    Paths.adminEnquiryClose,
    { config: staff, schema: { tags, params: ZEnquiryIdParams, response: { 200: ZAdminEnquiry } } },
    (request) => support.staffClose(actorOf(request), request.params.id),
  );
};
