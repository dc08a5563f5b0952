import { useTranslation } from 'react-i18next';
import { useBusy } from '../../app/activity';
import styles from './ActivityBar.module.css';

/**
 * The loading indicator of every non-silent request: a thin bar over the top edge. It never takes
 * clicks, so a slow call does not freeze the page under a mask.
 */
export function ActivityBar() {
  const { t } = useTranslation();
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="activity-bar"
    />
  );
}
