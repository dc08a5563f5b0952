import type { TNotification } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './NotificationItem.module.css';
import { notificationText } from './notification-text';

/** One notification: unread ones carry a dot and a bold title. A tap reads it (and follows its link). */
export function NotificationItem({
  item,
  onOpen,
}: {
  item: TNotification;
  onOpen: (item: TNotification) => void;
}) {
  const { t } = useTranslation();
  const { title, body } = notificationText(t, item);
  return (
    <button
      type="button"
      className={item.read ? styles.item : `${styles.item} ${styles.unread}`}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-read={item.read}
    >
      <span className={styles.head}>
        {item.read ? null : <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />}
        <span className={styles.title}>{title}</span>
      </span>
      <span className={styles.body}>{body}</span>
      <span className={styles.meta}>{dateTimeText(item.createdAt)}</span>
    </button>
  );
}
