import type { TNewsItem } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dayText } from '../../shared/format';
import { newsItemPath } from './content-paths';
import styles from './NewsRow.module.css';
import { ViewCount } from './ViewCount';

/** One news item in a list: cover thumbnail, title, summary, date and views; tapping opens it. */
export function NewsRow({ item }: { item: TNewsItem }) {
  const { t } = useTranslation();
  return (
    <Link className={styles.row} to={newsItemPath(item.id)} data-testid="news-row">
      {item.coverUrl ? <img className={styles.cover} src={item.coverUrl} alt="" loading="lazy" /> : null}
      <div className={styles.text}>
        <h3 className={styles.title}>
          {item.important ? <span className={styles.important}>{t('content.news.important')}</span> : null}
          {item.title}
        </h3>
        {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
        <p className={styles.meta}>
          <time dateTime={item.publishedAt}>{dayText(item.publishedAt)}</time>
          <ViewCount count={item.clickCount} />
        </p>
      </div>
    </Link>
  );
}
