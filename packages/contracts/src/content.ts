import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zPage } from './common';
import { Languages } from './limits';
import {
  ZLocalizedText,
  ZTranslations,
  zLocalizedText,
  zOptionalLocalizedText,
  zTranslations,
} from './localized';

// Zod messages are error codes: the client translates them with the locale key `errors.<CODE>`.

/**
 * News, announcements, slider images, downloadable files, the about-us text and the app's version: what
 * admins publish and members read (Main/showLatestNews, sliderImgs, Home/getAllNews, showOneNews,
 * getAllFiles, clickCount, Logon/getAnnouncement, index/check_version, index/downloadurl).
 *
 * Every text is plain text. Bodies are paragraphs separated by blank lines; the client renders them as
 * text, never as HTML. Every text is written per language, English required (decision 65): members get a
 * plain string in the language of their request (`Accept-Language`), English where that one is missing, and
 * `language` says which one they got; admins read and write every language (`TLocalizedText`).
 */

export const ContentLimits = {
  titleMax: 120,
  summaryMax: 300,
  bodyMax: 20_000,
  announcementMax: 300,
  fileTitleMax: 120,
  aboutMax: 10_000,
  withdrawalNoteMax: 1_000,
  latestNews: 5,
  sliderMax: 10,
  slideAltMax: 150,
} as const;

function zText(max: number) {
  return z
    .string()
    .trim()
    .min(1, { message: 'CONTENT_TEXT_REQUIRED' })
    .max(max, { message: 'CONTENT_TEXT_TOO_LONG' });
}

export const ZContentLanguage = z.enum(Languages);
export const ZContentId = z.uuid();
export const ZContentIdParams = z.object({ id: ZContentId });

/** Splits a plain-text body into its paragraphs (blank lines between them), for rendering as text. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

// ---- news ----

export const ZNewsItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The language of the title and body served: the member's, or English when it was not written. */
  language: ZContentLanguage,
  /** The cover picture (`/api/uploads/<id>`), or null. */
  coverUrl: z.string().nullable(),
  important: z.boolean(),
  publishedAt: ZTimestamp,
  clickCount: z.number().int(),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

export const ZNewsDetail = ZNewsItem.extend({ body: z.string() });
export type TNewsDetail = z.infer<typeof ZNewsDetail>;

export const ZNewsPage = zPage(ZNewsItem);
export type TNewsPage = z.infer<typeof ZNewsPage>;

export const ZNewsQuery = ZPageQuery;
export type TNewsQuery = z.infer<typeof ZNewsQuery>;

/** What an admin writes. A new item is a draft until published. */
export const ZNewsInput = z.object({
  title: zLocalizedText(ContentLimits.titleMax),
  summary: zOptionalLocalizedText(ContentLimits.summaryMax).default({ 'en-US': '' }),
  body: zLocalizedText(ContentLimits.bodyMax),
  /** An upload of purpose `news`, or null for none. */
  coverUploadId: ZContentId.nullable().default(null),
  /** Publishing an important item tells every member (the bell). */
  important: z.boolean().default(false),
});
export type TNewsInput = z.input<typeof ZNewsInput>;

export const ZAdminNewsItem = ZNewsDetail.omit({ language: true }).extend({
  title: ZLocalizedText,
  summary: ZLocalizedText,
  body: ZLocalizedText,
  coverUploadId: z.string().nullable(),
  /** Null while a draft (or after being unpublished): members do not see it. */
  publishedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TAdminNewsItem = z.infer<typeof ZAdminNewsItem>;
export const ZAdminNewsPage = zPage(ZAdminNewsItem);
export const ZAdminNewsQuery = ZPageQuery.extend({
  status: z.enum(['published', 'draft']).optional(),
});
export type TAdminNewsQuery = z.infer<typeof ZAdminNewsQuery>;

// ---- announcements (the home page's marquee) ----

export const ZAnnouncement = z.object({
  id: z.string(),
  text: z.string(),
  language: ZContentLanguage,
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZAnnouncementInput = z
  .object({
    text: zLocalizedText(ContentLimits.announcementMax),
    /** Shown from this moment (ISO-8601), or from now. */
    startsAt: z.iso.datetime({ offset: true, message: 'VALIDATION_FAILED' }).nullable().default(null),
    /** Shown until this moment, or until removed. */
    endsAt: z.iso.datetime({ offset: true, message: 'VALIDATION_FAILED' }).nullable().default(null),
  })
  .refine((a) => !a.startsAt || !a.endsAt || Date.parse(a.endsAt) > Date.parse(a.startsAt), {
    message: 'ANNOUNCEMENT_WINDOW_INVALID',
    path: ['endsAt'],
  });
export type TAnnouncementInput = z.input<typeof ZAnnouncementInput>;

export const ZAdminAnnouncement = ZAnnouncement.omit({ language: true }).extend({
  text: ZLocalizedText,
  startsAt: ZTimestamp,
  endsAt: ZTimestamp.nullable(),
  /** Inside its window right now. */
  active: z.boolean(),
  createdAt: ZTimestamp,
});
export type TAdminAnnouncement = z.infer<typeof ZAdminAnnouncement>;
export const ZAdminAnnouncements = z.object({ items: z.array(ZAdminAnnouncement) });

// ---- slider images ----

/**
 * Where a slide leads when tapped: a path inside the web app, or an https address (opened in a new tab).
 * Never `javascript:` or another scheme.
 */
export const ZSlideLink = z
  .string()
  .trim()
  .max(300, { message: 'CONTENT_LINK_INVALID' })
  .regex(/^(\/[^/\\]|https:\/\/[^\s]+$)/, { message: 'CONTENT_LINK_INVALID' });

export const ZSlide = z.object({
  id: z.string(),
  /** The picture in the member's language, the English one where that language has none (decision 74). */
  imageUrl: z.string(),
  /**
   * What the picture shows, in the member's language (English where that one was not written): the image's
   * alt text. Empty only for a slide written before descriptions existed (decision 73).
   */
  alt: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
});
export type TSlide = z.infer<typeof ZSlide>;

export const ZSlideInput = z.object({
  /** An upload of purpose `slider`: the English picture, shown where a language has none of its own. */
  uploadId: ZContentId,
  /** The picture for members of another language, an upload of purpose `slider` each; all optional. */
  uploadTranslations: zTranslations(z.union([z.literal(''), ZContentId])),
  /** What the picture shows, per language, English required (the alt text; decision 73). */
  alt: zLocalizedText(ContentLimits.slideAltMax),
  link: ZSlideLink.nullable().default(null),
  /** Lower first. */
  position: z.number().int().min(0).max(1000).default(0),
});
export type TSlideInput = z.input<typeof ZSlideInput>;

export const ZAdminSlide = ZSlide.extend({
  alt: ZLocalizedText,
  uploadId: z.string(),
  uploadTranslations: ZTranslations,
  createdAt: ZTimestamp,
});
export type TAdminSlide = z.infer<typeof ZAdminSlide>;
export const ZAdminSlides = z.object({ items: z.array(ZAdminSlide) });

// ---- downloadable files (PDF) ----

export const ZContentFile = z.object({
  id: z.string(),
  title: z.string(),
  /** The PDF (`/api/uploads/<id>`). */
  url: z.string(),
  createdAt: ZTimestamp,
});
export type TContentFile = z.infer<typeof ZContentFile>;
export const ZContentFiles = z.object({ items: z.array(ZContentFile) });

export const ZContentFileInput = z.object({
  /** An upload of purpose `file` (a PDF). */
  uploadId: ZContentId,
  title: zText(ContentLimits.fileTitleMax),
});
export type TContentFileInput = z.input<typeof ZContentFileInput>;
export const ZContentFileUpdate = z.object({ title: zText(ContentLimits.fileTitleMax) });

export const ZAdminContentFile = ZContentFile.extend({ uploadId: z.string() });
export const ZAdminContentFiles = z.object({ items: z.array(ZAdminContentFile) });
export type TAdminContentFile = z.infer<typeof ZAdminContentFile>;

// ---- the home page in one call ----

export const ZHome = z.object({
  /** Those inside their window now, newest first. */
  announcements: z.array(ZAnnouncement),
  slider: z.array(ZSlide),
  /** The latest published news. */
  news: z.array(ZNewsItem),
});
export type THome = z.infer<typeof ZHome>;

// ---- about us ----

export const ZAbout = z.object({ text: z.string(), updatedAt: ZTimestamp.nullable() });
export type TAbout = z.infer<typeof ZAbout>;
export const ZAboutInput = z.object({ text: zLocalizedText(ContentLimits.aboutMax) });
export type TAboutInput = z.input<typeof ZAboutInput>;
/** A site note as admins edit it: every language (the about-us text, the wallet's withdrawal note). */
export const ZAdminSiteNote = z.object({ text: ZLocalizedText, updatedAt: ZTimestamp.nullable() });
export type TAdminSiteNote = z.infer<typeof ZAdminSiteNote>;
export const ZWithdrawalNoteInput = z.object({ text: zLocalizedText(ContentLimits.withdrawalNoteMax) });
export type TWithdrawalNoteInput = z.input<typeof ZWithdrawalNoteInput>;

// ---- app version (index/check_version, index/downloadurl) ----

export const AppPlatforms = ['android', 'ios'] as const;
export const ZAppPlatform = z.enum(AppPlatforms);
export type TAppPlatform = z.infer<typeof ZAppPlatform>;

/** Dotted numbers, 1 to 4 parts: 1, 1.2, 1.2.3. */
export const ZAppVersionNumber = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,5}){0,3}$/, { message: 'APP_VERSION_INVALID' });

/** -1, 0 or 1 as version a is older than, the same as, or newer than b (missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

const ZDownloadUrl = z
  .string()
  .trim()
  .max(500, { message: 'CONTENT_LINK_INVALID' })
  .regex(/^https:\/\/[^\s]+$/, { message: 'CONTENT_LINK_INVALID' });

export const ZAppVersionSettings = z.object({
  /** The newest release. */
  currentVersion: ZAppVersionNumber,
  /** Older clients must update before going on. */
  minimumVersion: ZAppVersionNumber,
  /** Where each platform's app is downloaded; a platform without one has no download link. */
  downloads: z.object({ android: ZDownloadUrl.nullable(), ios: ZDownloadUrl.nullable() }),
});
export const ZAppVersionInput = ZAppVersionSettings.refine(
  (v) => compareVersions(v.minimumVersion, v.currentVersion) <= 0,
  { message: 'APP_VERSION_RANGE_INVALID', path: ['minimumVersion'] },
);
export type TAppVersionSettings = z.infer<typeof ZAppVersionSettings>;
export type TAppVersionInput = z.input<typeof ZAppVersionInput>;

export const ZAppVersionQuery = z.object({
  platform: ZAppPlatform.optional(),
  /** The client's own version; without it the answer only says what is current. */
  version: ZAppVersionNumber.optional(),
});
export type TAppVersionQuery = z.infer<typeof ZAppVersionQuery>;

export const ZAppVersionCheck = ZAppVersionSettings.extend({
  /** The asked platform's download address, or null. */
  downloadUrl: z.string().nullable(),
  /** A newer version than the client's exists. */
  updateAvailable: z.boolean(),
  /** The client is older than the minimum version. */
  updateRequired: z.boolean(),
  /**
   * member/appreview: the client is newer than the released version, so it is a build an app store is
   * reviewing; such a client may hide what stores refuse (decision 65). False without a version.
   */
  inReview: z.boolean(),
});
export type TAppVersionCheck = z.infer<typeof ZAppVersionCheck>;
