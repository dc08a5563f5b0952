import type { TNotification } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { NotificationItem } from './NotificationItem';
import styles from './NotificationsPage.module.css';
import { notificationKeys, notificationsApi } from './notifications.api';
import { useUnreadCount } from './notifications.queries';

/** The notifications behind the bell, newest first; a tap marks one read and follows its link. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const refetch = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const open = async (item: TNotification) => {
    if (!item.read) {
      await notificationsApi.markRead(item.id);
      // Following a link leaves the page; staying, the list shows it read.
      if (!item.link) await refetch();
      else void refetch();
    }
    if (item.link) navigate(item.link);
  };

  const markAll = async () => {
    await notificationsApi.markAllRead();
    showToast(t('notifications.allRead'), { icon: 'success' });
    await refetch();
  };

  return (
    <PageLayout title={t('notifications.title')} backTo={Routes.home} padded={false}>
      <PagedList
        queryKey={notificationKeys.list}
        fetchPage={notificationsApi.page}
        itemKey={(item) => item.id}
        renderItem={(item) => <NotificationItem item={item} onOpen={(n) => void open(n).catch(() => {})} />}
        header={
          <div className={styles.toolbar}>
            <span className={styles.count} data-testid="unread-count">
              {t('notifications.unreadCount', { count: unread })}
            </span>
            <Button
              size="small"
              fill="none"
              color="primary"
              disabled={unread === 0}
              onClick={() => void markAll().catch(() => {})}
            >
              {t('notifications.markAllRead')}
            </Button>
          </div>
        }
      />
    </PageLayout>
  );
}
