import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import styles from './AuditSection.module.css';
import { adminApi, adminKeys, type TAuditEntry } from './admin.api';
import { compactJson, formatDateTime } from './admin-format';
import type { Column } from './DataTable';
import { PagedTable } from './PagedTable';
import { SearchFilter } from './SearchFilter';
import { SectionFrame } from './SectionFrame';

/** Who did what to whom, from where: every admin action and every money action is written here. */
export default function AuditSection() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const action = useDebouncedValue(search.trim(), 300) || undefined;
  const col = (id: string) => t(`admin.audit.col.${id}`);
  const columns: Column<TAuditEntry>[] = [
    {
      id: 'time',
      header: col('time'),
      render: (e) => <span className={styles.time}>{formatDateTime(e.createdAt, 'short')}</span>,
    },
    { id: 'actor', header: col('actor'), render: (e) => e.actor ?? t('admin.audit.system') },
    { id: 'action', header: col('action'), render: (e) => <code>{e.action}</code> },
    {
      id: 'subject',
      header: col('subject'),
      render: (e) => <code className={styles.subject}>{e.subject}</code>,
    },
    { id: 'ip', header: col('ip'), render: (e) => e.ip || '—' },
    {
      id: 'detail',
      header: col('detail'),
      render: (e) => <code className={styles.detail}>{compactJson(e.detail) || '—'}</code>,
    },
  ];
  return (
    <SectionFrame
      title={t('admin.sections.audit')}
      intro={t('admin.intro.audit')}
      filters={
        <SearchFilter
          label={t('admin.audit.filter')}
          placeholder={t('admin.audit.filterPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      }
    >
      <PagedTable
        caption={t('admin.sections.audit')}
        queryKey={[...adminKeys.audit, { action }]}
        fetchPage={(page, pageSize, signal) => adminApi.audit(action, page, pageSize, signal)}
        columns={columns}
        rowKey={(e) => e.id}
      />
    </SectionFrame>
  );
}
