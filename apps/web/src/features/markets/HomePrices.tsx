import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_PRICE_FILTERS } from '../home/home-prefetch';
import styles from './HomePrices.module.css';
import { useLiveTickers, withLive } from './live-tickers';
import { MarketRows } from './MarketRows';
import { MarketState } from './MarketState';
import { useMarketList } from './markets.queries';
import { MarketPaths } from './markets-paths';

/** How many of the busiest spot markets the home page shows. */
export const HOME_PRICE_COUNT = 5;

/** The home page's coin prices: the busiest spot markets, from the markets list, kept live. */
export function HomePrices() {
  const { t } = useTranslation();
  const list = useMarketList(HOME_PRICE_FILTERS);
  const live = useLiveTickers({ perFrame: true });
  const rows = list.data?.items.slice(0, HOME_PRICE_COUNT).map((row) => withLive(row, live));
  return (
    <section className={styles.card} aria-labelledby="home-prices-title">
      <header className={styles.header}>
        <h2 id="home-prices-title">{t('markets.homeTitle')}</h2>
        <Link to={MarketPaths.list} className={styles.more}>
          <span>{t('markets.allMarkets')}</span>
          <RightOutline aria-hidden="true" />
        </Link>
      </header>
      {rows ? (
        <MarketRows rows={rows} header={false} />
      ) : (
        // As tall as the rows it waits for, so nothing below jumps when they come.
        <div className={styles.pending}>
          <MarketState failed={list.isError} onRetry={() => void list.refetch()} />
        </div>
      )}
    </section>
  );
}
