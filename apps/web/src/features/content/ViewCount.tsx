import { EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './ViewCount.module.css';

/** How often an item was read: an eye and the number on screen, the words for screen readers. */
export function ViewCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const words = t('content.news.views', { count });
  return (
    <span className={styles.views} title={words} data-testid="news-views">
      <EyeOutline aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
      <span className={styles.hidden}>{words}</span>
    </span>
  );
}
