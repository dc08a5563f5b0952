import type { TEnquiry } from '@app/contracts';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dateTimeText } from '../../shared/format';
import { EnquiryStatusTag } from './EnquiryStatusTag';
import styles from './SupportPages.module.css';
import { threadPath } from './support-paths';

/** One of the member's enquiries in a list; tapping it opens its chat. */
export function EnquiryItem({ enquiry }: { enquiry: TEnquiry }) {
  const { t } = useTranslation();
  return (
    <Link to={threadPath(enquiry.id)} className={styles.item} data-testid="enquiry-item">
      <span className={styles.itemMain}>
        <span className={styles.itemHead}>
          <span className={styles.subject}>{enquiry.subject}</span>
          <EnquiryStatusTag status={enquiry.status} reader="member" />
        </span>
        <span className={styles.meta}>
          {t(`support.categories.${enquiry.category}`)} ·{' '}
          {dateTimeText(enquiry.closedAt ?? enquiry.lastMessageAt)}
        </span>
      </span>
      <RightOutline className={styles.chevron} aria-hidden="true" />
    </Link>
  );
}
