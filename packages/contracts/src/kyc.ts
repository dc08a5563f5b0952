import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zPage } from './common';

/**
 * Identity verification (KYC): a member submits their ID (country, type, number, name as on the ID) with
 * three pictures; an admin approves or rejects it with a reason. The member's state is that of their latest
 * submission; earlier ones are kept as history.
 */

/** A member's KYC state: `none` before the first submission, else that of the latest submission. */
export const KycStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export const ZKycStatus = z.enum(KycStatuses);
export type KycStatus = z.infer<typeof ZKycStatus>;
export type TKycStatus = KycStatus;

/** The state of one submission (a submission is never `none`). */
export const KycSubmissionStatuses = ['pending', 'approved', 'rejected'] as const;
export const ZKycSubmissionStatus = z.enum(KycSubmissionStatuses);
export type TKycSubmissionStatus = z.infer<typeof ZKycSubmissionStatus>;

/**
 * ISO 3166-1 alpha-2 codes of every country and territory (Home/getCountry). Only the codes travel: the web
 * app names them in the member's language with `Intl.DisplayNames`, so no list of names is kept per locale.
 */
// biome-ignore format: one line per first letter keeps 249 codes readable
export const KycCountries = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const;
export const ZKycCountry = z.enum(KycCountries, { message: 'KYC_COUNTRY_INVALID' });
export type TKycCountry = z.infer<typeof ZKycCountry>;

/** IC (national identity card), passport or driving licence. */
export const KycIdTypes = ['ic', 'passport', 'license'] as const;
export const ZKycIdType = z.enum(KycIdTypes, { message: 'KYC_ID_TYPE_INVALID' });
export type TKycIdType = z.infer<typeof ZKycIdType>;

export const KycLimits = {
  idNumberMin: 4,
  idNumberMax: 30,
  fullNameMax: 100,
  reasonMin: 3,
  reasonMax: 500,
} as const;

/**
 * An ID number as printed on the document: letters, digits and single hyphens between them (Malaysian ICs
 * print 880101-14-5566). Trimmed and upper-cased, so `a1234567` and ` A1234567 ` are the same number.
 * Hyphens do not make a number different: uniqueness compares the number without them (see the migration).
 */
export const ZKycIdNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(KycLimits.idNumberMin, { message: 'KYC_ID_NUMBER_INVALID' })
  .max(KycLimits.idNumberMax, { message: 'KYC_ID_NUMBER_INVALID' })
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, { message: 'KYC_ID_NUMBER_INVALID' });

/**
 * The name exactly as on the ID. Besides letters of any script it allows what names on IDs carry: spaces,
 * `.`, `'`, `-`, `,`, and Malaysian `/` (A/L, A/P) and `@` (an alias: ALI @ ALIAS). No digits.
 */
export const ZKycFullName = z
  .string()
  .trim()
  .min(1, { message: 'KYC_NAME_INVALID' })
  .max(KycLimits.fullNameMax, { message: 'KYC_NAME_INVALID' })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .',@/-]*$/u, { message: 'KYC_NAME_INVALID' });

/** An upload of purpose 'kyc' the member made just before (POST /api/uploads). */
export const ZKycUploadId = z.uuid({ message: 'UPLOAD_NOT_FOUND' });

/** The three pictures of a submission. */
export const KycPictureSides = ['front', 'back', 'holding'] as const;
export type TKycPictureSide = (typeof KycPictureSides)[number];

/** Home/submitKYC. */
export const ZKycSubmitRequest = z
  .object({
    country: ZKycCountry,
    idType: ZKycIdType,
    fullName: ZKycFullName,
    idNumber: ZKycIdNumber,
    frontUploadId: ZKycUploadId,
    backUploadId: ZKycUploadId,
    holdingUploadId: ZKycUploadId,
  })
  .refine((v) => new Set([v.frontUploadId, v.backUploadId, v.holdingUploadId]).size === 3, {
    message: 'KYC_PICTURES_NOT_DISTINCT',
    path: ['holdingUploadId'],
  });
export type TKycSubmitRequest = z.infer<typeof ZKycSubmitRequest>;

/** Home/checkIDTypeNo: whether this country, type and number are free to submit. */
export const ZKycIdNumberCheckQuery = z.object({
  country: ZKycCountry,
  idType: ZKycIdType,
  idNumber: ZKycIdNumber,
});
export type TKycIdNumberCheckQuery = z.infer<typeof ZKycIdNumberCheckQuery>;
/** `available` is false when another member's pending or approved submission uses the number. */
export const ZKycIdNumberCheck = z.object({ available: z.boolean() });
export type TKycIdNumberCheck = z.infer<typeof ZKycIdNumberCheck>;

/** Where each picture is served (GET /api/uploads/:id, to the owner and admins only). */
export const ZKycPictures = z.object({ front: z.string(), back: z.string(), holding: z.string() });
export type TKycPictures = z.infer<typeof ZKycPictures>;

/** One submission as its member sees it. */
export const ZKycSubmission = z.object({
  id: z.uuid(),
  status: ZKycSubmissionStatus,
  country: ZKycCountry,
  idType: ZKycIdType,
  fullName: z.string(),
  idNumber: z.string(),
  pictures: ZKycPictures,
  /** Set when rejected: the admin's reason, shown to the member. */
  reason: z.string().nullable(),
  submittedAt: ZTimestamp,
  reviewedAt: ZTimestamp.nullable(),
});
export type TKycSubmission = z.infer<typeof ZKycSubmission>;

/** Home/checkKycStatus: the member's state and their latest submission (null before the first). */
export const ZKycState = z.object({ status: ZKycStatus, submission: ZKycSubmission.nullable() });
export type TKycState = z.infer<typeof ZKycState>;

/** The admin queue, filtered by status (all when absent): pending ones oldest first, others newest first. */
export const ZAdminKycQuery = ZPageQuery.extend({ status: ZKycSubmissionStatus.optional() });
export type TAdminKycQuery = z.infer<typeof ZAdminKycQuery>;

export const ZAdminKycItem = z.object({
  id: z.uuid(),
  status: ZKycSubmissionStatus,
  memberId: z.string(),
  username: z.string(),
  country: ZKycCountry,
  idType: ZKycIdType,
  fullName: z.string(),
  idNumber: z.string(),
  submittedAt: ZTimestamp,
  reviewedAt: ZTimestamp.nullable(),
});
export type TAdminKycItem = z.infer<typeof ZAdminKycItem>;
export const ZAdminKycPage = zPage(ZAdminKycItem);
export type TAdminKycPage = z.infer<typeof ZAdminKycPage>;

/** One submission under review: the pictures, the outcome and who decided it. */
export const ZAdminKycDetail = ZAdminKycItem.extend({
  pictures: ZKycPictures,
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** How many submissions the member made before this one (earlier rejections). */
  earlierSubmissions: z.number().int(),
});
export type TAdminKycDetail = z.infer<typeof ZAdminKycDetail>;

/** A rejection says why, in words the member can act on. */
export const ZKycRejectRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(KycLimits.reasonMin, { message: 'REASON_REQUIRED' })
    .max(KycLimits.reasonMax, { message: 'KYC_REASON_TOO_LONG' }),
});
export type TKycRejectRequest = z.infer<typeof ZKycRejectRequest>;
