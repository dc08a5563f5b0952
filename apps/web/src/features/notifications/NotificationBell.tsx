import Badge from 'antd-mobile/es/components/badge';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './NotificationBell.module.css';
import { NotificationPaths } from './notification-paths';
import { useUnreadCount } from './notifications.queries';

/** The header's bell: the unread count as a badge, updated live; a tap opens the notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <Link
      to={NotificationPaths.list}
      className={styles.bell}
      aria-label={t('notifications.bell', { count: unread })}
      data-testid="notification-bell"
    >
      <Badge content={unread > 0 ? (unread > 99 ? '99+' : unread) : null}>
        <BellOutline />
      </Badge>
    </Link>
  );
}
