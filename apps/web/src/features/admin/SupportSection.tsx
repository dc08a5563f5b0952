import { EnquiryStatuses, type TAdminEnquiry, type TEnquiryStatus } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathWith } from '../../app/api';
import { EnquiryStatusTag } from '../support/EnquiryStatusTag';
import { supportApi, supportKeys } from '../support/support.api';
import { useEnquiryLive } from '../support/use-enquiry-live';
import { formatDateTime } from './admin-format';
import { AdminPaths } from './admin-paths';
import { ChoiceFilter } from './ChoiceFilter';
import type { Column } from './DataTable';
import { PagedTable } from './PagedTable';
import { SectionFrame } from './SectionFrame';
import styles from './SupportSection.module.css';

/** The staff queue of customer-service enquiries: waiting ones first (longest waiting on top), live. */
export default function SupportSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TEnquiryStatus>('open');
  useEnquiryLive('staff');
  const col = (id: string) => t(`support.admin.col.${id}`);
  const columns: Column<TAdminEnquiry>[] = [
    {
      id: 'lastMessage',
      header: col('lastMessage'),
      render: (e) => <span className={styles.date}>{formatDateTime(e.lastMessageAt, 'short')}</span>,
    },
    { id: 'member', header: col('member'), render: (e) => e.username },
    { id: 'category', header: col('category'), render: (e) => t(`support.categories.${e.category}`) },
    {
      id: 'subject',
      header: col('subject'),
      render: (e) => (
        <Link
          to={pathWith(AdminPaths.supportThread, { id: e.id })}
          className={styles.subject}
          data-testid="admin-enquiry-link"
        >
          {e.subject}
        </Link>
      ),
    },
    {
      id: 'status',
      header: col('status'),
      render: (e) => <EnquiryStatusTag status={e.status} reader="staff" />,
    },
  ];
  return (
    <SectionFrame
      title={t('admin.sections.support')}
      intro={t('support.admin.intro')}
      filters={
        <ChoiceFilter
          label={t('support.admin.status')}
          options={EnquiryStatuses.map((s) => ({ value: s, label: t(`support.status.staff.${s}`) }))}
          value={status}
          onChange={setStatus}
        />
      }
    >
      <PagedTable
        caption={t('admin.sections.support')}
        queryKey={supportKeys.queue(status)}
        fetchPage={(page, pageSize, signal) => supportApi.queue(status, page, pageSize, signal)}
        columns={columns}
        rowKey={(e) => e.id}
      />
    </SectionFrame>
  );
}
