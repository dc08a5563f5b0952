import type { TEnquiry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './EnquiryHeader.module.css';
import { EnquiryStatusTag } from './EnquiryStatusTag';

/** The enquiry above its conversation: subject, category, when it was opened, and its status. */
export function EnquiryHeader({
  enquiry,
  reader,
  who,
}: {
  enquiry: TEnquiry;
  reader: 'member' | 'staff';
  /** Staff see whose enquiry it is. */
  who?: string;
}) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <h2 className={styles.subject} data-testid="enquiry-subject">
          {enquiry.subject}
        </h2>
        <EnquiryStatusTag status={enquiry.status} reader={reader} />
      </div>
      <p className={styles.meta}>
        {who ? `${who} · ` : ''}
        {t(`support.categories.${enquiry.category}`)} ·{' '}
        {t('support.openedAt', { at: dateTimeText(enquiry.createdAt) })}
      </p>
    </header>
  );
}
