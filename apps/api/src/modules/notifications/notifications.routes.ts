import {
  Paths,
  ZNotificationIdParams,
  ZNotificationPage,
  ZOk,
  ZPageQuery,
  ZUnreadCount,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

/** The bell: the member's notifications (their own and broadcasts), the unread count, marking read. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  const member = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  app.get(
    Paths.notifications,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: ZNotificationPage } } },
    (request) => notifications.list(me(request), request.query),
  );

  app.get(
    Paths.notificationsUnreadCount,
    { config: member, schema: { tags, response: { 200: ZUnreadCount } } },
    async (request) => ({ count: await notifications.unreadCount(me(request)) }),
  );

  app.post(
    Paths.notificationRead,
    { config: member, schema: { tags, params: ZNotificationIdParams, response: { 200: ZOk } } },
    async (request) => {
      await notifications.markRead(me(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    Paths.notificationsReadAll,
    { config: member, schema: { tags, response: { 200: ZOk } } },
    async (request) => {
      await notifications.markAllRead(me(request));
      return { ok: true as const };
    },
  );
};
