import type { TPage } from '@app/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from './DataTable';
import styles from './PagedTable.module.css';

// Why not the shared PagedList: it is the member app's phone list (pull down to refresh, pull up for
// more, infinite scroll). An admin works through a desktop table page by page and needs to know which
// page they are on after approving a row; so this is a table with previous / next, and page 1 again
// whenever a filter changes.

export const ADMIN_PAGE_SIZE = 20;

interface PagedTableProps<T> {
  caption: string;
  /** Everything the rows depend on (filters included); the page number is added to it. */
  queryKey: QueryKey;
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<TPage<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  pageSize?: number;
  /** Refetch the page this often (ms), for lists that change by themselves (payouts in flight). */
  refetchInterval?: number;
}

/** One page of a server list in a DataTable, with loading, failure, empty and previous / next. */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const {
    caption,
    queryKey,
    fetchPage,
    columns,
    rowKey,
    pageSize = ADMIN_PAGE_SIZE,
    refetchInterval,
  } = props;
  const { t } = useTranslation();
  // The page belongs to the filters it was chosen under: other filters start again at page 1.
  const filters = JSON.stringify(queryKey);
  const [at, setAt] = useState({ filters, page: 1 });
  const page = at.filters === filters ? at.page : 1;
  const goTo = (next: number) => setAt({ filters, page: next });

  const query = useQuery({
    queryKey: [...queryKey, page, pageSize],
    queryFn: ({ signal }) => fetchPage(page, pageSize, signal),
    placeholderData: keepPreviousData,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
  const items = query.data?.items ?? [];

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className={styles.note} role="status">
        {t('admin.table.loading')} <DotLoading />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className={styles.note}>
        {t('admin.table.failed')}{' '}
        <Button size="small" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className={styles.note} data-testid="admin-table-empty">
        {t('admin.table.empty')}
      </div>
    );
  } else {
    body = <DataTable caption={caption} columns={columns} rows={items} rowKey={rowKey} />;
  }

  const hasNext = items.length >= pageSize;
  return (
    <div className={query.isPlaceholderData ? `${styles.paged} ${styles.stale}` : styles.paged}>
      {body}
      {page > 1 || hasNext ? (
        <nav className={styles.pager} aria-label={t('admin.table.pages')}>
          <Button size="small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('admin.table.previous')}
          </Button>
          <span className={styles.page} aria-live="polite">
            {t('admin.table.page', { page })}
          </span>
          <Button size="small" disabled={!hasNext || query.isPlaceholderData} onClick={() => goTo(page + 1)}>
            {t('admin.table.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
