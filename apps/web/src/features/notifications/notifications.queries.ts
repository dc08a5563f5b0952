import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../app/live-events';
import { notificationKeys, notificationsApi } from './notifications.api';

/** Refetches the count and the list whenever the server announces a change (a new one, or one read). */
export function useNotificationUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}

/** How many notifications the member has not read, kept current by the live events. */
export function useUnreadCount(): number {
  useNotificationUpdates();
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => notificationsApi.unreadCount(signal),
    staleTime: 0,
  });
  return query.data?.count ?? 0;
}
