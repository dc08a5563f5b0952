import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { PageLayout } from '../../shared/PageLayout';
import styles from './AdminOnlyPage.module.css';

/** What a signed-in member sees at an admin address: no admin data, a way back. */
export default function AdminOnlyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageLayout title={t('admin.only.title')} backTo={Routes.personal}>
      <Result
        status="warning"
        title={t('admin.only.title')}
        description={t('admin.only.description')}
        data-testid="admin-only"
      />
      <Button
        block
        color="primary"
        className={styles.home}
        onClick={() => navigate(Routes.home, { replace: true })}
      >
        {t('admin.only.home')}
      </Button>
    </PageLayout>
  );
}
