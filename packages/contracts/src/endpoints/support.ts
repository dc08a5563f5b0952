import { ZPageQuery } from '../common';
import { defineEndpoint } from '../endpoint';
import {
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
  ZSentMessagePage,
  ZStaffReplyRequest,
} from '../support';

/** The operations registered by apps/api/src/modules/support/support.routes.ts. */
export const SupportEndpoints = {
  supportEnquiries: defineEndpoint({
    method: 'GET',
    path: '/api/support/enquiries',
    query: ZEnquiryListQuery,
    response: ZEnquiryPage,
  }),
  postSupportEnquiries: defineEndpoint({
    method: 'POST',
    path: '/api/support/enquiries',
    body: ZOpenEnquiryRequest,
    response: ZEnquiryThread,
  }),
  supportEnquiry: defineEndpoint({
    method: 'GET',
    path: '/api/support/enquiries/:id',
    params: ZEnquiryIdParams,
    response: ZEnquiryThread,
  }),
  supportEnquiryMessages: defineEndpoint({
    method: 'POST',
    path: '/api/support/enquiries/:id/messages',
    params: ZEnquiryIdParams,
    body: ZEnquiryMessageRequest,
    response: ZEnquiryThread,
  }),
  supportEnquiryClose: defineEndpoint({
    method: 'POST',
    path: '/api/support/enquiries/:id/close',
    params: ZEnquiryIdParams,
    response: ZEnquiry,
  }),
  supportSentMessages: defineEndpoint({
    method: 'GET',
    path: '/api/support/sent-messages',
    query: ZPageQuery,
    response: ZSentMessagePage,
  }),
  adminEnquiries: defineEndpoint({
    method: 'GET',
    path: '/api/admin/enquiries',
    query: ZAdminEnquiryQuery,
    response: ZAdminEnquiryPage,
  }),
  adminEnquiry: defineEndpoint({
    method: 'GET',
    path: '/api/admin/enquiries/:id',
    params: ZEnquiryIdParams,
    response: ZAdminEnquiryThread,
  }),
  adminEnquiryMessages: defineEndpoint({
    method: 'POST',
    path: '/api/admin/enquiries/:id/messages',
    params: ZEnquiryIdParams,
    body: ZStaffReplyRequest,
    response: ZAdminEnquiryThread,
  }),
  adminEnquiryClose: defineEndpoint({
    method: 'POST',
    path: '/api/admin/enquiries/:id/close',
    params: ZEnquiryIdParams,
    response: ZAdminEnquiry,
  }),
};
