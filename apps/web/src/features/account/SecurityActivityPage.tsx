import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from './AccountSettingPage.module.css';
import { accountApi, securityEventsKey } from './account.api';
import { SecurityEventItem } from './SecurityEventItem';

/** Me → Security activity: the member's sign-ins, failed attempts, credential changes and holds. */
export default function SecurityActivityPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('personal.menu.securityActivity')} backTo={Routes.personal} padded={false}>
      <PagedList
        queryKey={securityEventsKey}
        fetchPage={accountApi.securityEvents}
        itemKey={(item) => item.id}
        renderItem={(item) => <SecurityEventItem item={item} />}
        header={
          <div className={styles.header}>
            <p>{t('securityActivity.hint')}</p>
          </div>
        }
      />
    </PageLayout>
  );
}
