import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';
import { isWebUrl, useAppInfo } from '../../app/app-info';
import { DelayedLoading } from '../../shared/DelayedLoading';
import { PageLayout } from '../../shared/PageLayout';
import styles from './WebViewPage.module.css';

/** The AI tab: the configured page (AI_URL) in a frame, or a plain word that none is configured. */
export default function WebViewPage() {
  const { t } = useTranslation();
  const { data: info, isPending } = useAppInfo();
  return (
    <PageLayout title={t('tabs.ai')} padded={false}>
      {isPending ? (
        <DelayedLoading delayMs={200} />
      ) : isWebUrl(info?.aiUrl) ? (
        <iframe className={styles.frame} src={info.aiUrl} title={t('webView.frameTitle')} />
      ) : (
        <ErrorBlock
          status="empty"
          title={t('webView.notConfigured')}
          description={t('webView.notConfiguredText')}
        />
      )}
    </PageLayout>
  );
}
