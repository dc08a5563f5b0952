import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zPage } from './common';

/**
 * Customer service: a member's enquiries (sendEnquiries) and the conversation with staff in each, plus the
 * history of what the platform sent them by email or SMS (showEmailHistory).
 */

/** What an enquiry is about. Shown through the locale texts `support.categories.<category>`. */
export const EnquiryCategories = [
  'account',
  'kyc',
  'deposit',
  'withdrawal',
  'bots',
  'mining',
  'technical',
  'other',
] as const;
export const ZEnquiryCategory = z.enum(EnquiryCategories, { message: 'ENQUIRY_CATEGORY_UNKNOWN' });
export type TEnquiryCategory = z.infer<typeof ZEnquiryCategory>;

/**
 * `open` waits for staff (the member wrote last), `answered` waits for the member (staff wrote last),
 * `closed` takes no more messages and belongs to the history.
 */
export const EnquiryStatuses = ['open', 'answered', 'closed'] as const;
export const ZEnquiryStatus = z.enum(EnquiryStatuses);
export type TEnquiryStatus = z.infer<typeof ZEnquiryStatus>;

export const SupportLimits = {
  subjectMax: 120,
  messageMax: 2000,
  /** Per member per minute on opening enquiries and posting messages: a chat, not a mail cannon. */
  postsPerMinute: 20,
} as const;

/** An upload's id as the uploads module hands it out (`POST /api/uploads`). */
export const ZPictureId = z.uuid({ message: 'UPLOAD_NOT_FOUND' });

const ZSubject = z
  .string()
  .trim()
  .min(1, { message: 'REQUIRED' })
  .max(SupportLimits.subjectMax, { message: 'ENQUIRY_SUBJECT_TOO_LONG' });
const ZMessageText = z.string().trim().max(SupportLimits.messageMax, { message: 'ENQUIRY_MESSAGE_TOO_LONG' });

/** sendEnquiries: a new enquiry with its first message, and a picture if the member adds one. */
export const ZOpenEnquiryRequest = z.object({
  category: ZEnquiryCategory,
  subject: ZSubject,
  message: ZMessageText.min(1, { message: 'REQUIRED' }),
  pictureId: ZPictureId.optional(),
});
export type TOpenEnquiryRequest = z.infer<typeof ZOpenEnquiryRequest>;

/** A message in a thread: text, a picture, or both; never neither. */
export const ZEnquiryMessageRequest = z
  .object({ text: ZMessageText.default(''), pictureId: ZPictureId.optional() })
  .refine((m) => m.text !== '' || m.pictureId !== undefined, {
    message: 'ENQUIRY_MESSAGE_EMPTY',
    path: ['text'],
  });
export type TEnquiryMessageRequest = z.input<typeof ZEnquiryMessageRequest>;

/**
 * A staff answer: text only. An upload is private to its uploader and the admins, so a picture a staff
 * member uploaded could not be shown to the member.
 */
export const ZStaffReplyRequest = z.object({ text: ZMessageText.min(1, { message: 'REQUIRED' }) });
export type TStaffReplyRequest = z.infer<typeof ZStaffReplyRequest>;

export const ZEnquiryIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { message: 'ENQUIRY_NOT_FOUND' }),
});
export type TEnquiryIdParams = z.infer<typeof ZEnquiryIdParams>;

export const ZEnquiry = z.object({
  id: z.string(),
  category: ZEnquiryCategory,
  subject: z.string(),
  status: ZEnquiryStatus,
  createdAt: ZTimestamp,
  lastMessageAt: ZTimestamp,
  closedAt: ZTimestamp.nullable(),
});
export type TEnquiry = z.infer<typeof ZEnquiry>;

/** As staff see an enquiry: whose it is. */
export const ZAdminEnquiry = ZEnquiry.extend({ memberId: z.string(), username: z.string() });
export type TAdminEnquiry = z.infer<typeof ZAdminEnquiry>;

export const ZEnquiryMessage = z.object({
  id: z.string(),
  fromStaff: z.boolean(),
  text: z.string(),
  /** `/api/uploads/<id>`: served only to the enquiry's member and to staff. */
  pictureUrl: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TEnquiryMessage = z.infer<typeof ZEnquiryMessage>;

/** One enquiry with its whole conversation, oldest message first. */
export const ZEnquiryThread = z.object({ enquiry: ZEnquiry, messages: z.array(ZEnquiryMessage) });
export type TEnquiryThread = z.infer<typeof ZEnquiryThread>;
export const ZAdminEnquiryThread = z.object({ enquiry: ZAdminEnquiry, messages: z.array(ZEnquiryMessage) });
export type TAdminEnquiryThread = z.infer<typeof ZAdminEnquiryThread>;

/** The member's enquiries: `active` (open or answered) on the entry page, `closed` in the history. */
export const ZEnquiryListQuery = ZPageQuery.extend({ state: z.enum(['active', 'closed']).default('active') });
export type TEnquiryListQuery = z.infer<typeof ZEnquiryListQuery>;
export const ZEnquiryPage = zPage(ZEnquiry);
export type TEnquiryPage = z.infer<typeof ZEnquiryPage>;

/** The staff queue, filtered by status; oldest waiting first for `open`, newest first otherwise. */
export const ZAdminEnquiryQuery = ZPageQuery.extend({ status: ZEnquiryStatus.default('open') });
export type TAdminEnquiryQuery = z.infer<typeof ZAdminEnquiryQuery>;
export const ZAdminEnquiryPage = zPage(ZAdminEnquiry);
export type TAdminEnquiryPage = z.infer<typeof ZAdminEnquiryPage>;

/**
 * One message the platform sent the member (showEmailHistory). Only what was logged on sending: the
 * subject, never the body, so no verification code ever shows here.
 */
export const ZSentMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  /** The address or number, masked. */
  destination: z.string(),
  subject: z.string(),
  /** Why it was sent (a TAC purpose such as `signup`); shown as `support.mailPurposes.<purpose>`. */
  purpose: z.string(),
  sentAt: ZTimestamp,
});
export type TSentMessage = z.infer<typeof ZSentMessage>;
export const ZSentMessagePage = zPage(ZSentMessage);
export type TSentMessagePage = z.infer<typeof ZSentMessagePage>;
