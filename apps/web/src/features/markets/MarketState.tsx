import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './MarketState.module.css';

interface MarketStateProps {
  /** A sentence to show instead (empty list, unknown symbol). */
  children?: ReactNode;
  failed?: boolean;
  onRetry?: () => void;
}

/** What a market view shows without data: loading, failed with a retry, or a sentence. */
export function MarketState({ children, failed = false, onRetry }: MarketStateProps) {
  const { t } = useTranslation();
  if (children) {
    return (
      <div className={styles.state} role="status">
        {children}
      </div>
    );
  }
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
      <span>{t('markets.loadFailed')}</span>
      {onRetry ? (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
