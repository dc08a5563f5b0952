import type { TNewsItem } from '@app/contracts';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ContentPaths } from './content-paths';
import styles from './LatestNews.module.css';
import { NewsRow } from './NewsRow';

/** The home page's latest news (Main/showLatestNews), with the way to all of it. */
export function LatestNews({ items }: { items: TNewsItem[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="latest-news-title" data-testid="latest-news">
      <header className={styles.header}>
        <h2 id="latest-news-title">{t('content.home.latestNews')}</h2>
        <Link to={ContentPaths.news} className={styles.more}>
          <span>{t('content.home.allNews')}</span>
          <RightOutline aria-hidden="true" />
        </Link>
      </header>
      {items.length > 0 ? (
        items.map((item) => <NewsRow key={item.id} item={item} />)
      ) : (
        <p className={styles.empty}>{t('content.news.none')}</p>
      )}
    </section>
  );
}
