import {
  Paths,
  ZAbout,
  ZContentFiles,
  ZContentIdParams,
  ZHome,
  ZNewsDetail,
  ZNewsPage,
  ZNewsQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/language';
import type { AnnouncementService } from './announcements.service';
import type { ContentFileService } from './content-files.service';
import type { NewsService } from './news.service';
import type { SiteSettingsService } from './site-settings.service';
import type { SlideService } from './slides.service';

export interface ContentServices {
  news: NewsService;
  announcements: AnnouncementService;
  slides: SlideService;
  files: ContentFileService;
  site: SiteSettingsService;
}

const tags = ['content'];

/** What members read: the home page in one call, news, files and the about-us text. */
export const contentRoutes: FastifyPluginAsyncZod<ContentServices> = async (app, o) => {
  const member = { access: 'member' as const };

  // Texts come in the request's language (Accept-Language), English where that one was not written.
  app.get(Paths.home, { config: member, schema: { tags, response: { 200: ZHome } } }, async (request) => {
    const lang = requestLanguage(request);
    const [announcements, slider, news] = await Promise.all([
      o.announcements.active(lang),
      o.slides.list(),
      o.news.latest(lang),
    ]);
    return { announcements, slider, news };
  });

  app.get(
    Paths.news,
    { config: member, schema: { tags, querystring: ZNewsQuery, response: { 200: ZNewsPage } } },
    (request) => o.news.list(request.query, requestLanguage(request)),
  );

  app.get(
    Paths.newsItem,
    { config: member, schema: { tags, params: ZContentIdParams, response: { 200: ZNewsDetail } } },
    (request) => o.news.read(request.params.id, requestLanguage(request)),
  );

  app.get(Paths.files, { config: member, schema: { tags, response: { 200: ZContentFiles } } }, () =>
    o.files.list(),
  );

  // Public: the text says who runs the platform, which a visitor may read before signing up.
  app.get(
    Paths.about,
    { config: { access: 'public' }, schema: { tags, response: { 200: ZAbout } } },
    (request) => o.site.about(requestLanguage(request)),
  );
};
