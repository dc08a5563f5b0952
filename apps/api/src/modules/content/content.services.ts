import type { Db } from '../../db/database';
import type { NotificationService } from '../notifications/notifications.service';
import type { UploadService } from '../uploads/uploads.service';
import { createAnnouncementService } from './announcements.service';
import type { ContentServices } from './content.routes';
import { createContentFileService } from './content-files.service';
import { createNewsService } from './news.service';
import { createSiteSettingsService, type VersionDefaults } from './site-settings.service';
import { createSlideService } from './slides.service';

/** The content module's services, built once by content.module.ts. */
export function createContentServices(deps: {
  db: Db;
  uploads: Pick<UploadService, 'claim'>;
  notifications: Pick<NotificationService, 'broadcast'>;
  versionDefaults: VersionDefaults;
}): ContentServices {
  const { db, uploads } = deps;
  return {
    news: createNewsService({ db, uploads, notifications: deps.notifications }),
    announcements: createAnnouncementService({ db }),
    slides: createSlideService({ db, uploads }),
    files: createContentFileService({ db, uploads }),
    site: createSiteSettingsService({ db, defaults: deps.versionDefaults }),
  };
}
