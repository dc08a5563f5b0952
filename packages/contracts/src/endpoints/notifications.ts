import { ZOk, ZPageQuery } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZNotificationIdParams, ZNotificationPage, ZUnreadCount } from '../notifications';

/** The operations registered by apps/api/src/modules/notifications/notifications.routes.ts. */
export const NotificationsEndpoints = {
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    query: ZPageQuery,
    response: ZNotificationPage,
  }),
  notificationsUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/unread-count',
    response: ZUnreadCount,
  }),
  notificationRead: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    params: ZNotificationIdParams,
    response: ZOk,
  }),
  notificationsReadAll: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    response: ZOk,
  }),
};
