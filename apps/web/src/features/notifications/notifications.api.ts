import { Paths, ZNotificationPage, ZOk, ZUnreadCount } from '@app/contracts';
import { api, pathWith } from '../../app/api';

/** Everything under `notifications` is refetched when the server says something changed. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const notificationsApi = {
  page: (page: number, pageSize: number) =>
    api.get(Paths.notifications, ZNotificationPage, { query: { page, pageSize } }),
  // The bell's count refreshes in the background: no loading indicator for it.
  unreadCount: (signal?: AbortSignal) =>
    api.get(Paths.notificationsUnreadCount, ZUnreadCount, { silent: true, ...(signal ? { signal } : {}) }),
  markRead: (id: string) => api.post(pathWith(Paths.notificationRead, { id }), ZOk, {}, { silent: true }),
  markAllRead: () => api.post(Paths.notificationsReadAll, ZOk),
};
