import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

/** The bell: the member's notifications (their own and broadcasts), the unread count, marking read. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  const member = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  route(app, Endpoints.notifications.notifications, {
    config: member,
    tags,
    handler: (request) => notifications.list(me(request), request.query),
  });

  route(app, Endpoints.notifications.notificationsUnreadCount, {
    config: member,
    tags,
    handler: async (request) => ({ count: await notifications.unreadCount(me(request)) }),
  });

  route(app, Endpoints.notifications.notificationRead, {
    config: member,
    tags,
    handler: async (request) => {
      await notifications.markRead(me(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.notifications.notificationsReadAll, {
    config: member,
    tags,
    handler: async (request) => {
      await notifications.markAllRead(me(request));
      return { ok: true as const };
    },
  });
};
