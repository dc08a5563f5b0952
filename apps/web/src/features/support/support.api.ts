import {
  Paths,
  type TEnquiryMessageRequest,
  type TEnquiryStatus,
  type TOpenEnquiryRequest,
  type TStaffReplyRequest,
  ZAdminEnquiry,
  ZAdminEnquiryPage,
  ZAdminEnquiryThread,
  ZEnquiry,
  ZEnquiryPage,
  ZEnquiryThread,
  ZSentMessagePage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

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
    api.get(Paths.supportEnquiries, ZEnquiryPage, { query: { state, page, pageSize } }),
  open: (body: TOpenEnquiryRequest, handled: readonly string[]) =>
    api.post(Paths.supportEnquiries, ZEnquiryThread, body, { handled }),
  /** NOT_FOUND / ENQUIRY_NOT_FOUND are shown by the chat page itself. */
  thread: (enquiryId: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.supportEnquiry, id(enquiryId)), ZEnquiryThread, {
      signal,
      handled: ['ENQUIRY_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  post: (enquiryId: string, body: TEnquiryMessageRequest) =>
    api.post(pathWith(Paths.supportEnquiryMessages, id(enquiryId)), ZEnquiryThread, body, {
      handled: messageHandled,
    }),
  close: (enquiryId: string) => api.post(pathWith(Paths.supportEnquiryClose, id(enquiryId)), ZEnquiry),
  sentMessages: (page: number, pageSize: number) =>
    api.get(Paths.supportSentMessages, ZSentMessagePage, { query: { page, pageSize } }),

  queue: (status: TEnquiryStatus, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminEnquiries, ZAdminEnquiryPage, { query: { status, page, pageSize }, signal }),
  staffThread: (enquiryId: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.adminEnquiry, id(enquiryId)), ZAdminEnquiryThread, {
      signal,
      handled: ['ENQUIRY_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  reply: (enquiryId: string, body: TStaffReplyRequest) =>
    api.post(pathWith(Paths.adminEnquiryMessages, id(enquiryId)), ZAdminEnquiryThread, body, {
      handled: messageHandled,
    }),
  staffClose: (enquiryId: string) =>
    api.post(pathWith(Paths.adminEnquiryClose, id(enquiryId)), ZAdminEnquiry),
};
