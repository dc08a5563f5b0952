import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageLayout title={t('notFound.title')}>
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.description')}>
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </PageLayout>
  );
}
