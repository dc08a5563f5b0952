import {
  SupportEndpoints,
  type TEnquiryMessageRequest,
  type TEnquiryStatus,
  type TOpenEnquiryRequest,
  type TStaffReplyRequest,
} from '@app/contracts';
import { api } from '../../app/api';

/** Everything under `support` is refetched at once when an enquiry changes. */
export const supportKeys = {
  all: ['support'] as const,
  list: (state: 'active' | 'closed') => ['support', 'list', state] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
  sentMessages: ['support', 'sent-messages'] as const,
  queue: (status: TEnquiryStatus) => ['support', 'queue', status] as const,
  staffThread: (id: string) => ['support', 'staff-thread', id] as const,
};

/** Codes a form or the chat shows where the member is looking, instead of as a toast. */
export const messageHandled = [
  'VALIDATION_FAILED',
  'ENQUIRY_CLOSED',
  'ENQUIRY_MESSAGE_EMPTY',
  'UPLOAD_NOT_FOUND',
] as const;

const id = (enquiryId: string) => ({ id: enquiryId });

export const supportApi = {
  list: (state: 'active' | 'closed', page: number, pageSize: number) =>
    api.call(SupportEndpoints.supportEnquiries, { query: { state, page, pageSize } }),
  open: (body: TOpenEnquiryRequest, handled: readonly string[]) =>
    api.call(SupportEndpoints.postSupportEnquiries, { body, handled }),
  /** NOT_FOUND / ENQUIRY_NOT_FOUND are shown by the chat page itself. */
  thread: (enquiryId: string, signal?: AbortSignal) =>
    api.call(SupportEndpoints.supportEnquiry, {
      params: id(enquiryId),
      signal,
      handled: ['ENQUIRY_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  post: (enquiryId: string, body: TEnquiryMessageRequest) =>
    api.call(SupportEndpoints.supportEnquiryMessages, {
      params: id(enquiryId),
      body,
      handled: messageHandled,
    }),
  close: (enquiryId: string) => api.call(SupportEndpoints.supportEnquiryClose, { params: id(enquiryId) }),
  sentMessages: (page: number, pageSize: number) =>
    api.call(SupportEndpoints.supportSentMessages, { query: { page, pageSize } }),

  queue: (status: TEnquiryStatus, page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(SupportEndpoints.adminEnquiries, { query: { status, page, pageSize }, signal }),
  staffThread: (enquiryId: string, signal?: AbortSignal) =>
    api.call(SupportEndpoints.adminEnquiry, {
      params: id(enquiryId),
      signal,
      handled: ['ENQUIRY_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  reply: (enquiryId: string, body: TStaffReplyRequest) =>
    api.call(SupportEndpoints.adminEnquiryMessages, {
      params: id(enquiryId),
      body,
      handled: messageHandled,
    }),
  staffClose: (enquiryId: string) => api.call(SupportEndpoints.adminEnquiryClose, { params: id(enquiryId) }),
};
