import {
  Paths,
  type TAppPlatform,
  ZAbout,
  ZAppVersionCheck,
  ZContentFiles,
  ZHome,
  ZNewsDetail,
  ZNewsPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

export const contentKeys = {
  all: ['content'] as const,
  home: ['content', 'home'] as const,
  news: ['content', 'news'] as const,
  newsItem: (id: string) => ['content', 'news-item', id] as const,
  files: ['content', 'files'] as const,
  about: ['content', 'about'] as const,
  version: (platform: TAppPlatform | undefined) => ['content', 'version', platform ?? 'any'] as const,
};

/** What members read: the home page, news, files, the about text and the app version. */
export const contentApi = {
  home: (signal?: AbortSignal) => api.get(Paths.home, ZHome, { signal }),
  news: (page: number, pageSize: number) => api.get(Paths.news, ZNewsPage, { query: { page, pageSize } }),
  /** Each call counts one view: the page asks once per opening. */
  newsItem: (id: string, signal?: AbortSignal) =>
    api.get(pathWith(Paths.newsItem, { id }), ZNewsDetail, {
      signal,
      handled: ['NEWS_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  files: (signal?: AbortSignal) => api.get(Paths.files, ZContentFiles, { signal }),
  about: (signal?: AbortSignal) => api.get(Paths.about, ZAbout, { signal }),
  version: (platform: TAppPlatform | undefined, signal?: AbortSignal) =>
    api.get(Paths.appVersion, ZAppVersionCheck, { query: { platform }, signal }),
};
