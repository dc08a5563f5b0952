import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../shared/PageLayout';

/** Every route of routes.txt that later work will fill: an honest placeholder, so deep links still work. */
export default function BeingBuiltPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('beingBuilt.title')}>
      <Result status="waiting" title={t('beingBuilt.title')} description={t('beingBuilt.description')} />
    </PageLayout>
  );
}
