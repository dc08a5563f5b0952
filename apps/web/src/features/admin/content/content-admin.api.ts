import {
  Paths,
  type TAdminNewsQuery,
  type TAnnouncementInput,
  type TAppVersionInput,
  type TContentFileInput,
  type TLocalizedText,
  type TNewsInput,
  type TSlideInput,
  ZAdminAnnouncement,
  ZAdminAnnouncements,
  ZAdminContentFile,
  ZAdminContentFiles,
  ZAdminNewsItem,
  ZAdminNewsPage,
  ZAdminSiteNote,
  ZAdminSlide,
  ZAdminSlides,
  ZAppVersionSettings,
  ZOk,
} from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api, pathWith } from '../../../app/api';
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

const byId = (path: string, id: string) => pathWith(path, { id });

/** The admin area's content calls (news, announcements, slider, files, about us, app version). */
export const contentAdminApi = {
  news: (status: TAdminNewsQuery['status'], page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.adminNews, ZAdminNewsPage, { query: { status, page, pageSize }, signal }),
  createNews: (body: TNewsInput, o: Options = {}) => api.post(Paths.adminNews, ZAdminNewsItem, body, o),
  updateNews: (id: string, body: TNewsInput, o: Options = {}) =>
    api.put(byId(Paths.adminNewsItem, id), ZAdminNewsItem, body, o),
  publishNews: (id: string) => api.post(byId(Paths.adminNewsPublish, id), ZAdminNewsItem),
  unpublishNews: (id: string) => api.post(byId(Paths.adminNewsUnpublish, id), ZAdminNewsItem),
  deleteNews: (id: string) => api.delete(byId(Paths.adminNewsItem, id), ZOk),

  announcements: (signal?: AbortSignal) => api.get(Paths.adminAnnouncements, ZAdminAnnouncements, { signal }),
  createAnnouncement: (body: TAnnouncementInput, o: Options = {}) =>
    api.post(Paths.adminAnnouncements, ZAdminAnnouncement, body, o),
  updateAnnouncement: (id: string, body: TAnnouncementInput, o: Options = {}) =>
    api.put(byId(Paths.adminAnnouncement, id), ZAdminAnnouncement, body, o),
  deleteAnnouncement: (id: string) => api.delete(byId(Paths.adminAnnouncement, id), ZOk),

  slides: (signal?: AbortSignal) => api.get(Paths.adminSlides, ZAdminSlides, { signal }),
  createSlide: (body: TSlideInput, o: Options = {}) => api.post(Paths.adminSlides, ZAdminSlide, body, o),
  updateSlide: (id: string, body: TSlideInput, o: Options = {}) =>
    api.put(byId(Paths.adminSlide, id), ZAdminSlide, body, o),
  deleteSlide: (id: string) => api.delete(byId(Paths.adminSlide, id), ZOk),

  files: (signal?: AbortSignal) => api.get(Paths.adminFiles, ZAdminContentFiles, { signal }),
  createFile: (body: TContentFileInput, o: Options = {}) =>
    api.post(Paths.adminFiles, ZAdminContentFile, body, o),
  renameFile: (id: string, title: string, o: Options = {}) =>
    api.put(byId(Paths.adminFile, id), ZAdminContentFile, { title }, o),
  deleteFile: (id: string) => api.delete(byId(Paths.adminFile, id), ZOk),

  about: (signal?: AbortSignal) => api.get(Paths.adminAbout, ZAdminSiteNote, { signal }),
  setAbout: (text: TLocalizedText, o: Options = {}) => api.put(Paths.adminAbout, ZAdminSiteNote, { text }, o),
  withdrawalNote: (signal?: AbortSignal) => api.get(Paths.adminWithdrawalNote, ZAdminSiteNote, { signal }),
  setWithdrawalNote: (text: TLocalizedText, o: Options = {}) =>
    api.put(Paths.adminWithdrawalNote, ZAdminSiteNote, { text }, o),
  version: (signal?: AbortSignal) => api.get(Paths.adminAppVersion, ZAppVersionSettings, { signal }),
  setVersion: (body: TAppVersionInput, o: Options = {}) =>
    api.put(Paths.adminAppVersion, ZAppVersionSettings, body, o),
};
