import { KycSubmissionStatuses, type TAdminKycItem, type TKycSubmissionStatus } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathWith } from '../../app/api';
import { intlLocale } from '../../shared/format';
import { formatDateTime } from '../admin/admin-format';
import { AdminPaths } from '../admin/admin-paths';
import { ChoiceFilter } from '../admin/ChoiceFilter';
import type { Column } from '../admin/DataTable';
import { PagedTable } from '../admin/PagedTable';
import { SectionFrame } from '../admin/SectionFrame';
import { StatusTag } from '../admin/StatusTag';
import styles from './AdminKyc.module.css';
import { countryName } from './country-names';
import { kycApi, kycKeys } from './kyc.api';

type StatusFilter = TKycSubmissionStatus | 'all';
const statusFilters: readonly StatusFilter[] = [...KycSubmissionStatuses, 'all'];

/** The KYC review queue: pending submissions first come, first served; decided ones by status. */
export default function AdminKycQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const filter = { status: status === 'all' ? undefined : status };
  const col = (id: string) => t(`kyc.admin.col.${id}`);
  const columns: Column<TAdminKycItem>[] = [
    { id: 'date', header: col('date'), render: (k) => formatDateTime(k.submittedAt, 'short') },
    { id: 'member', header: col('member'), render: (k) => k.username },
    { id: 'country', header: col('country'), render: (k) => countryName(k.country, intlLocale()) },
    { id: 'idType', header: col('idType'), render: (k) => t(`kyc.idType.${k.idType}`) },
    { id: 'fullName', header: col('fullName'), render: (k) => k.fullName },
    { id: 'idNumber', header: col('idNumber'), render: (k) => <code>{k.idNumber}</code> },
    { id: 'status', header: col('status'), render: (k) => <StatusTag status={k.status} /> },
    {
      id: 'actions',
      header: col('actions'),
      render: (k) => (
        <Link
          className={styles.open}
          to={pathWith(AdminPaths.kycReview, { id: k.id })}
          data-testid={`kyc-review-${k.username}`}
        >
          {t(k.status === 'pending' ? 'kyc.admin.review' : 'kyc.admin.view')}
        </Link>
      ),
    },
  ];

  return (
    <SectionFrame
      title={t('admin.sections.kyc')}
      intro={t('kyc.admin.intro')}
      filters={
        <ChoiceFilter
          label={t('kyc.admin.statusFilter')}
          options={statusFilters.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))}
          value={status}
          onChange={setStatus}
        />
      }
    >
      <PagedTable
        caption={t('admin.sections.kyc')}
        queryKey={[...kycKeys.admin, filter]}
        fetchPage={(page, pageSize, signal) => kycApi.adminQueue(filter, page, pageSize, signal)}
        columns={columns}
        rowKey={(k) => k.id}
      />
    </SectionFrame>
  );
}
