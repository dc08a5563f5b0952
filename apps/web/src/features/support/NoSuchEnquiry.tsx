import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './SupportPages.module.css';
import { SupportPaths } from './support-paths';

/** A thread link that leads nowhere: a wrong id, or an enquiry that is someone else's. */
export function NoSuchEnquiry({ backTo = SupportPaths.entry }: { backTo?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.notFound} role="alert" data-testid="enquiry-not-found">
      <p>{t('errors.ENQUIRY_NOT_FOUND')}</p>
      <Link to={backTo}>{t('support.backToList')}</Link>
    </div>
  );
}
