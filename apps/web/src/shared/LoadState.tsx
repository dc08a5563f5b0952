import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import styles from './LoadState.module.css';

/** What a screen shows while its data is not there: loading, or failed with a retry. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) {
    return (
      <div className={styles.state} role="status">
        <DotLoading color="primary" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert">
      <span>{t('wallet.loadFailed')}</span>
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
