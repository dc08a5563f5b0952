import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DelayedLoading.module.css';

/** The loading view, shown only when loading takes longer than `delayMs` (fast loads never flash it). */
export function DelayedLoading({ delayMs }: { delayMs: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className={styles.loading} role="status" data-testid="page-loading">
      <DotLoading color="primary" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
