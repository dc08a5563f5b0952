import {
  ContentAdminEndpoints,
  type TAdminNewsQuery,
  type TAnnouncementInput,
  type TAppVersionInput,
  type TContentFileInput,
  type TLocalizedText,
  type TNewsInput,
  type TSlideInput,
} from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api';
import { contentKeys } from '../../content/content.api';
import { adminKeys } from '../admin.api';

/** The codes a content form shows itself (at a field or above its buttons). */
interface Options {
  handled?: readonly string[];
}

export const contentAdminKeys = {
  all: ['admin', 'content'] as const,
  news: ['admin', 'content', 'news'] as const,
  announcements: ['admin', 'content', 'announcements'] as const,
  slides: ['admin', 'content', 'slides'] as const,
  files: ['admin', 'content', 'files'] as const,
  version: ['admin', 'content', 'version'] as const,
  about: ['admin', 'content', 'about'] as const,
  withdrawalNote: ['admin', 'content', 'withdrawal-note'] as const,
};

/** After a change: the admin lists, the audit log and what members see are all stale. */
export function refreshContent(queryClient: QueryClient): void {
  for (const queryKey of [contentAdminKeys.all, adminKeys.audit, contentKeys.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The admin area's content calls (news, announcements, slider, files, about us, app version). */
export const contentAdminApi = {
  news: (status: TAdminNewsQuery['status'], page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(ContentAdminEndpoints.adminNews, { query: { status, page, pageSize }, signal }),
  createNews: (body: TNewsInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.postAdminNews, { body, ...o }),
  updateNews: (id: string, body: TNewsInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminNewsItem, { params: { id: id }, body, ...o }),
  publishNews: (id: string) => api.call(ContentAdminEndpoints.adminNewsPublish, { params: { id: id } }),
  unpublishNews: (id: string) => api.call(ContentAdminEndpoints.adminNewsUnpublish, { params: { id: id } }),
  deleteNews: (id: string) => api.call(ContentAdminEndpoints.deleteAdminNewsItem, { params: { id: id } }),

  announcements: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminAnnouncements, { signal }),
  createAnnouncement: (body: TAnnouncementInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.postAdminAnnouncements, { body, ...o }),
  updateAnnouncement: (id: string, body: TAnnouncementInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminAnnouncement, { params: { id: id }, body, ...o }),
  deleteAnnouncement: (id: string) =>
    api.call(ContentAdminEndpoints.deleteAdminAnnouncement, { params: { id: id } }),

  slides: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminSlides, { signal }),
  createSlide: (body: TSlideInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.postAdminSlides, { body, ...o }),
  updateSlide: (id: string, body: TSlideInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminSlide, { params: { id: id }, body, ...o }),
  deleteSlide: (id: string) => api.call(ContentAdminEndpoints.deleteAdminSlide, { params: { id: id } }),

  files: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminFiles, { signal }),
  createFile: (body: TContentFileInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.postAdminFiles, { body, ...o }),
  renameFile: (id: string, title: string, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminFile, { params: { id: id }, body: { title }, ...o }),
  deleteFile: (id: string) => api.call(ContentAdminEndpoints.deleteAdminFile, { params: { id: id } }),

  about: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminAbout, { signal }),
  setAbout: (text: TLocalizedText, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminAbout, { body: { text }, ...o }),
  withdrawalNote: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminWithdrawalNote, { signal }),
  setWithdrawalNote: (text: TLocalizedText, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminWithdrawalNote, { body: { text }, ...o }),
  version: (signal?: AbortSignal) => api.call(ContentAdminEndpoints.adminAppVersion, { signal }),
  setVersion: (body: TAppVersionInput, o: Options = {}) =>
    api.call(ContentAdminEndpoints.putAdminAppVersion, { body, ...o }),
};
