import type { Db } from '../../db/database';
import type { AppModule } from '../../platform/module';
import type { NotificationService } from '../notifications/notifications.service';
import type { UploadService } from '../uploads/uploads.service';
import { contentRoutes } from './content.routes';
import { createContentServices } from './content.services';
import { contentAdminRoutes } from './content-admin.routes';
import type { VersionDefaults } from './site-settings.service';

/** News, announcements, slides, files and the site settings: what members read and staff publish. */
export function createContentModule(deps: {
  db: Db;
  uploads: Pick<UploadService, 'claim'>;
  notifications: Pick<NotificationService, 'broadcast'>;
  versionDefaults: VersionDefaults;
}) {
  const content = createContentServices(deps);
  return {
    content,
    routes: async (app) => {
      await app.register(contentRoutes, content);
      await app.register(contentAdminRoutes, content);
    },
  } satisfies AppModule;
}
