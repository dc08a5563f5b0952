import { NotificationsEndpoints } from '@app/contracts';
import { api } from '../../app/api';

/** Everything under `notifications` is refetched when the server says something changed. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const notificationsApi = {
  page: (page: number, pageSize: number) =>
    api.call(NotificationsEndpoints.notifications, { query: { page, pageSize } }),
  // The bell's count refreshes in the background: no loading indicator for it.
  unreadCount: (signal?: AbortSignal) =>
    api.call(NotificationsEndpoints.notificationsUnreadCount, {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  markRead: (id: string) =>
    api.call(NotificationsEndpoints.notificationRead, { params: { id }, silent: true }),
  markAllRead: () => api.call(NotificationsEndpoints.notificationsReadAll),
};
