import type { TMarketRow } from '@app/contracts';
import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './MarketRows.module.css';
import { changeText, priceText, trendOf, volumeText } from './market-format';
import { detailPath, pairOf } from './markets-paths';

interface MarketRowsProps {
  rows: TMarketRow[];
  /** Column titles above the rows (the markets page); the home page's short list has none. */
  header?: boolean;
}

/** Rows of symbol, last price and 24 h change (green up, red down); a tap opens the symbol's chart. */
export function MarketRows({ rows, header = true }: MarketRowsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className={styles.table}>
      {header ? (
        <div className={styles.head} aria-hidden="true">
          <span>{t('markets.columnPair')}</span>
          <span className={styles.right}>{t('markets.columnLast')}</span>
          <span className={styles.right}>{t('markets.columnChange')}</span>
        </div>
      ) : null}
      <ul className={styles.rows}>
        {rows.map((row) => {
          const trend = trendOf(row.change24hPercent);
          const [base, quote] = pairOf(row.symbol).split('/');
          return (
            <li key={row.symbol}>
              <Link className={styles.row} to={detailPath(row.symbol)} data-testid={`market-${row.symbol}`}>
                <span className={styles.pair}>
                  <span className={styles.symbol}>
                    {row.favourite ? (
                      <StarFill className={styles.star} aria-label={t('markets.favourite')} role="img" />
                    ) : null}
                    <strong>{base}</strong>
                    <span className={styles.quote}>/{quote}</span>
                  </span>
                  <span className={styles.volume}>
                    {t('markets.volume', { value: volumeText(row.quoteVolume24h, locale) })}
                  </span>
                </span>
                <span className={`${styles.right} ${styles.last}`} data-testid="market-last">
                  {priceText(row.last, locale)}
                </span>
                <span className={styles.right}>
                  <span className={`${styles.change} ${styles[trend]}`} data-trend={trend}>
                    {changeText(row.change24hPercent, locale)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
