import { z } from 'zod';

/**
 * Uploaded files: pictures (KYC, avatars, news, slides, support chat) and PDF documents (downloadable
 * files). An upload is stored first and then claimed by the record that uses it (a KYC submission, a news
 * item...), in that record's own transaction.
 */
export const UploadPurposes = [
  'kyc',
  'avatar',
  'news',
  'slider',
  'file',
  'support',
  'mining_package',
] as const;
export const ZUploadPurpose = z.enum(UploadPurposes);
export type UploadPurpose = z.infer<typeof ZUploadPurpose>;
export type TUploadPurpose = UploadPurpose;

/** Shown only to their owner and to admins; every other purpose is public. */
export const PrivateUploadPurposes: readonly UploadPurpose[] = ['kyc', 'support'];
/** What a member may upload; admins may upload every purpose (news, slides, files, package pictures). */
export const MemberUploadPurposes: readonly UploadPurpose[] = ['kyc', 'avatar', 'support'];
/** Purposes that take a PDF document instead of a picture. */
export const DocumentUploadPurposes: readonly UploadPurpose[] = ['file'];

export const isPrivateUpload = (purpose: UploadPurpose) => PrivateUploadPurposes.includes(purpose);
export const isDocumentUpload = (purpose: UploadPurpose) => DocumentUploadPurposes.includes(purpose);

export const UploadLimits = {
  /** A picture as sent (phone photos are a few MiB). */
  imageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 10 * 1024 * 1024,
  /** Decoded pixels: a small file that unpacks to a huge bitmap (a decompression bomb) is refused. */
  imageMaxPixels: 40_000_000,
  /** Longest side after re-encoding: larger pictures are scaled down. */
  imageMaxSide: 2560,
  /** The picture types the pickers offer; the server checks the bytes, never this list or the name. */
  imageAccept: 'image/jpeg,image/png,image/webp',
  documentAccept: 'application/pdf',
} as const;

/** The largest file a purpose accepts. */
export const uploadMaxBytes = (purpose: UploadPurpose) =>
  isDocumentUpload(purpose) ? UploadLimits.documentMaxBytes : UploadLimits.imageMaxBytes;

/** `purpose` of POST /api/uploads (query string or form field). */
export const ZUploadQuery = z.object({ purpose: ZUploadPurpose });
export type TUploadQuery = z.infer<typeof ZUploadQuery>;

export const ZUploadIdParams = z.object({ id: z.uuid() });

/** A stored upload: its id (what forms send) and the address it is served at. */
export const ZStoredUpload = z.object({ id: z.uuid(), url: z.string() });
export type TStoredUpload = z.infer<typeof ZStoredUpload>;

/** Where an upload is served (GET, with the access check). */
export const uploadUrlOf = (id: string) => `/api/uploads/${id}`;
