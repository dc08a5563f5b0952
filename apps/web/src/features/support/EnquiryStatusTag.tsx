import type { TEnquiryStatus } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

const colors: Record<TEnquiryStatus, 'warning' | 'success' | 'default'> = {
  open: 'warning',
  answered: 'success',
  closed: 'default',
};

/**
 * Whose turn it is, in the reader's words: a member sees "waiting for reply" / "answered", staff see
 * "waiting for staff" / "answered"; closed is closed for both.
 */
export function EnquiryStatusTag({ status, reader }: { status: TEnquiryStatus; reader: 'member' | 'staff' }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} fill="outline" data-testid="enquiry-status">
      {t(`support.status.${reader}.${status}`)}
    </Tag>
  );
}
