import type { Db } from '../../db/database';
import type { LiveEvents } from '../../platform/live-events';
import { type AppModule, routesOf } from '../../platform/module';
import { notificationRoutes } from './notifications.routes';
import { createNotificationService } from './notifications.service';

/** Members' notifications: written in the transaction of what they tell, announced on the live stream. */
export function createNotificationsModule(deps: { db: Db; live: LiveEvents }) {
  const notifications = createNotificationService(deps);
  return {
    notifications,
    routes: routesOf(notificationRoutes, { notifications }),
  } satisfies AppModule;
}
