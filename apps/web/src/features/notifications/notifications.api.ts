import { Endpoints } from '@app/contracts';
import { api } from '../../app/api';

/** Everything under `notifications` is refetched when the server says something changed. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const notificationsApi = {
  page: (page: number, pageSize: number) =>
    api.call(Endpoints.notifications.notifications, { query: { page, pageSize } }),
  // The bell's count refreshes in the background: no loading indicator for it.
  unreadCount: (signal?: AbortSignal) =>
    api.call(Endpoints.notifications.notificationsUnreadCount, {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  markRead: (id: string) =>
    api.call(Endpoints.notifications.notificationRead, { params: { id }, silent: true }),
  markAllRead: () => api.call(Endpoints.notifications.notificationsReadAll),
};
