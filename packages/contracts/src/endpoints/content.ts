import {
  ZAbout,
  ZContentFiles,
  ZContentIdParams,
  ZHome,
  ZNewsDetail,
  ZNewsPage,
  ZNewsQuery,
} from '../content';
import { defineEndpoint } from '../endpoint';

/** The operations registered by apps/api/src/modules/content/content.routes.ts. */
export const ContentEndpoints = {
  home: defineEndpoint({ method: 'GET', path: '/api/home', response: ZHome }),
  news: defineEndpoint({ method: 'GET', path: '/api/news', query: ZNewsQuery, response: ZNewsPage }),
  newsItem: defineEndpoint({
    method: 'GET',
    path: '/api/news/:id',
    params: ZContentIdParams,
    response: ZNewsDetail,
  }),
  files: defineEndpoint({ method: 'GET', path: '/api/files', response: ZContentFiles }),
  about: defineEndpoint({ method: 'GET', path: '/api/about', response: ZAbout }),
};
