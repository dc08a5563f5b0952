import type { TMarketType } from '@app/contracts';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Tabs from 'antd-mobile/es/components/tabs';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useLiveTickers, withLive } from './live-tickers';
import { MarketRows } from './MarketRows';
import { MarketState } from './MarketState';
import styles from './MarketsPage.module.css';
import { useMarketList } from './markets.queries';

/**
 * The markets page (GetcMarket, SearchCoin): spot and perpetual tabs, a search on the coin, a favourites
 * filter, and every symbol's price and 24 h change, kept live by the server's price stream.
 */
export default function MarketsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type: TMarketType = params.get('type') === 'perpetual' ? 'perpetual' : 'spot';
  const favourites = params.get('favourites') === '1';
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 250);
  const list = useMarketList({ type, q, favourites });
  const live = useLiveTickers({ perFrame: true });

  // The tab and the filter live in the address, so coming back from a chart lands on the same view.
  const show = (next: { type?: TMarketType; favourites?: boolean }) => {
    const nextType = next.type ?? type;
    const nextFavourites = next.favourites ?? favourites;
    setParams(
      {
        ...(nextType === 'perpetual' ? { type: nextType } : {}),
        ...(nextFavourites ? { favourites: '1' } : {}),
      },
      { replace: true },
    );
  };

  const rows = list.data?.items.map((row) => withLive(row, live)) ?? [];
  return (
    <PageLayout title={t('markets.title')} padded={false}>
      <Tabs
        className={styles.tabs}
        activeKey={type}
        onChange={(key) => show({ type: key === 'perpetual' ? 'perpetual' : 'spot' })}
      >
        <Tabs.Tab title={t('markets.spot')} key="spot" />
        <Tabs.Tab title={t('markets.perpetual')} key="perpetual" />
      </Tabs>
      <div className={styles.tools}>
        <SearchBar
          className={styles.search}
          placeholder={t('markets.search')}
          value={search}
          onChange={setSearch}
        />
        <button
          type="button"
          className={favourites ? `${styles.filter} ${styles.filterOn}` : styles.filter}
          aria-pressed={favourites}
          onClick={() => show({ favourites: !favourites })}
        >
          {favourites ? <StarFill aria-hidden="true" /> : <StarOutline aria-hidden="true" />}
          <span>{t('markets.favourites')}</span>
        </button>
      </div>
      {list.data ? (
        rows.length > 0 ? (
          <MarketRows rows={rows} />
        ) : (
          <MarketState>
            {favourites && !q.trim() ? t('markets.noFavourites') : t('markets.noResults')}
          </MarketState>
        )
      ) : (
        <MarketState failed={list.isError} onRetry={() => void list.refetch()} />
      )}
    </PageLayout>
  );
}
