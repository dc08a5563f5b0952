import type { QueryKey } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToTop } from './BackToTop';
import styles from './PagedList.module.css';
import type { ListView } from './paged-list.state';
import { type FetchPage, usePagedList } from './use-paged-list';

/** Spec section 9: pull-down and pull-up both trigger 80 px from the edge. */
export const PULL_THRESHOLD_PX = 80;

export interface PagedListProps<T> {
  queryKey: QueryKey;
  fetchPage: FetchPage<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  header?: ReactNode;
}

function ListFooter({ view, onRetry }: { view: ListView; onRetry: () => void }) {
  const { t } = useTranslation();
  if (view.loading) {
    return (
      <div className={styles.footer} role="status">
        {t('list.loading')} <DotLoading />
      </div>
    );
  }
  if (view.failed) {
    return (
      <div className={styles.footer}>
        {t('list.failed')}{' '}
        <Button size="mini" fill="none" color="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (view.empty) return <div className={styles.empty}>{t('list.empty')}</div>;
  if (view.showEnd) return <div className={styles.footer}>{t('list.end')}</div>;
  return null;
}

/** The one list of the app (spec sections 4 and 9): pull down to refresh, pull up for the next page. */
export function PagedList<T>({ queryKey, fetchPage, renderItem, itemKey, header }: PagedListProps<T>) {
  const { t } = useTranslation();
  const { state, view, refresh, loadMore } = usePagedList(queryKey, fetchPage);
  return (
    <>
      <PullToRefresh
        onRefresh={refresh}
        threshold={PULL_THRESHOLD_PX}
        pullingText={t('list.pull')}
        canReleaseText={t('list.release')}
        refreshingText={t('list.refreshing')}
        completeText={t('list.done')}
      >
        {header}
        <ul className={styles.items}>
          {state.items.map((item, index) => (
            <li key={itemKey(item)}>{renderItem(item, index)}</li>
          ))}
        </ul>
        <InfiniteScroll loadMore={loadMore} hasMore={view.canLoadMore} threshold={PULL_THRESHOLD_PX}>
          <ListFooter view={view} onRetry={() => void loadMore()} />
        </InfiniteScroll>
      </PullToRefresh>
      <BackToTop />
    </>
  );
}
