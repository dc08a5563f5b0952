/**
 * The notifications page. routes.txt has no path for it (the spec only names the bell in the header), so it
 * sits beside the home page that carries the bell.
 */
export const NotificationPaths = {
  list: '/pages/home/notifications',
} as const;
