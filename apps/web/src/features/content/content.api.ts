import { AppEndpoints, ContentEndpoints, type TAppPlatform } from '@app/contracts';
import { api } from '../../app/api';

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
  home: (signal?: AbortSignal) => api.call(ContentEndpoints.home, { signal }),
  news: (page: number, pageSize: number) => api.call(ContentEndpoints.news, { query: { page, pageSize } }),
  /** Each call counts one view: the page asks once per opening. */
  newsItem: (id: string, signal?: AbortSignal) =>
    api.call(ContentEndpoints.newsItem, {
      params: { id },
      signal,
      handled: ['NEWS_NOT_FOUND', 'VALIDATION_FAILED'],
    }),
  files: (signal?: AbortSignal) => api.call(ContentEndpoints.files, { signal }),
  about: (signal?: AbortSignal) => api.call(ContentEndpoints.about, { signal }),
  version: (platform: TAppPlatform | undefined, signal?: AbortSignal) =>
    api.call(AppEndpoints.appVersion, { query: { platform }, signal }),
};
