import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint-route';
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
  route(app, Endpoints.content.home, {
    config: member,
    tags,
    handler: async (request) => {
      const lang = requestLanguage(request);
      const [announcements, slider, news] = await Promise.all([
        o.announcements.active(lang),
        o.slides.list(lang),
        o.news.latest(lang),
      ]);
      return { announcements, slider, news };
    },
  });

  route(app, Endpoints.content.news, {
    config: member,
    tags,
    handler: (request) => o.news.list(request.query, requestLanguage(request)),
  });

  route(app, Endpoints.content.newsItem, {
    config: member,
    tags,
    handler: (request) => o.news.read(request.params.id, requestLanguage(request)),
  });

  route(app, Endpoints.content.files, {
    config: member,
    tags,
    handler: () => o.files.list(),
  });

  // Public: the text says who runs the platform, which a visitor may read before signing up.
  route(app, Endpoints.content.about, {
    config: { access: 'public' },
    tags,
    handler: (request) => o.site.about(requestLanguage(request)),
  });
};
