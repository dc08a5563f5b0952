import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint-route';
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

  route(app, Endpoints.content.home, {
    config: member,
    tags,
    handler: async () => {
      const [announcements, slider, news] = await Promise.all([
        o.announcements.active(),
        o.slides.list(),
        o.news.latest(),
      ]);
      return { announcements, slider, news };
    },
  });

  route(app, Endpoints.content.news, {
    config: member,
    tags,
    handler: (request) => o.news.list(request.query),
  });

  route(app, Endpoints.content.newsItem, {
    config: member,
    tags,
    handler: (request) => o.news.read(request.params.id),
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
    handler: () => o.site.about(),
  });
};
