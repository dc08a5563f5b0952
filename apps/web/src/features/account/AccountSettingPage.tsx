import type { TSessionItem } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from './AccountSettingPage.module.css';
import { accountApi, securityEventsKey, sessionsKey } from './account.api';
import { SessionItem } from './SessionItem';

/** Account settings: the devices signed in to this account, and ending the ones that should not be. */
export default function AccountSettingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const end = async (item: TSessionItem) => {
    const confirmed = await Dialog.confirm({
      title: t('sessions.endTitle'),
      content: t('sessions.endConfirm', { device: item.device }),
      confirmText: t('sessions.end'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await accountApi.endSession(item.id);
    } catch {
      return; // the API client has said why
    }
    showToast(t('sessions.ended'), { icon: 'success' });
    await queryClient.invalidateQueries({ queryKey: sessionsKey });
  };

  const endOthers = async () => {
    const confirmed = await Dialog.confirm({
      title: t('sessions.endOthersTitle'),
      content: t('sessions.endOthersConfirm'),
      confirmText: t('sessions.endOthersAction'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    let ended: number;
    try {
      ended = (await accountApi.endOtherSessions()).ended;
    } catch {
      return; // the API client has said why
    }
    showToast(ended > 0 ? t('sessions.endedOthers', { count: ended }) : t('sessions.noOthers'), {
      icon: 'success',
    });
    await queryClient.invalidateQueries({ queryKey: sessionsKey });
    await queryClient.invalidateQueries({ queryKey: securityEventsKey });
  };

  return (
    <PageLayout title={t('personal.menu.accountSetting')} backTo={Routes.personal} padded={false}>
      <PagedList
        queryKey={sessionsKey}
        fetchPage={accountApi.sessions}
        itemKey={(item) => item.id}
        renderItem={(item) => <SessionItem item={item} onEnd={end} />}
        header={
          <div className={styles.header}>
            <h2>{t('sessions.title')}</h2>
            <p>{t('sessions.hint')}</p>
            <Button
              className={styles.endOthers}
              size="small"
              color="danger"
              fill="outline"
              onClick={() => void endOthers()}
            >
              {t('sessions.endOthers')}
            </Button>
          </div>
        }
      />
    </PageLayout>
  );
}
