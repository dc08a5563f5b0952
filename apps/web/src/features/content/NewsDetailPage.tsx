import { paragraphsOf } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api-error';
import { dayText } from '../../shared/format';
import { PageLayout } from '../../shared/PageLayout';
import { openImagePreview } from '../../shared/uploads';
import { contentApi, contentKeys } from './content.api';
import { ContentPaths } from './content-paths';
import styles from './NewsDetailPage.module.css';
import { ViewCount } from './ViewCount';

/** HomeshowOneNews?id=: one news item. Opening it counts one view (clickCount), so it is asked for once. */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const news = useQuery({
    queryKey: contentKeys.newsItem(id),
    queryFn: ({ signal }) => contentApi.newsItem(id, signal),
    enabled: id !== '',
    // A refetch would count another view: only a new opening of the page asks again.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  let body: ReactNode;
  const missing =
    id === '' ||
    (news.error instanceof ApiError && ['NEWS_NOT_FOUND', 'VALIDATION_FAILED'].includes(news.error.code));
  if (missing) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('content.news.missingTitle')}
        description={t('content.news.missingText')}
      >
        <Button color="primary" onClick={() => navigate(ContentPaths.news)}>
          {t('content.news.allNews')}
        </Button>
      </ErrorBlock>
    );
  } else if (news.isError) {
    body = (
      <p className={styles.note}>
        {t('list.failed')}{' '}
        <Button size="mini" fill="none" color="primary" onClick={() => void news.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    );
  } else if (!news.data) {
    body = (
      <p className={styles.note} role="status">
        {t('list.loading')} <DotLoading />
      </p>
    );
  } else {
    const item = news.data;
    body = (
      <article className={styles.article} data-testid="news-article">
        {item.coverUrl ? (
          <button
            type="button"
            className={styles.coverButton}
            onClick={() => openImagePreview(navigate, [item.coverUrl as string])}
            aria-label={t('content.news.openCover')}
          >
            <img className={styles.cover} src={item.coverUrl} alt="" />
          </button>
        ) : null}
        <div className={styles.text}>
          <h2 className={styles.title}>{item.title}</h2>
          <p className={styles.meta}>
            <time dateTime={item.publishedAt}>{dayText(item.publishedAt)}</time>
            <ViewCount count={item.clickCount} />
          </p>
          {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
          {paragraphsOf(item.body).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text, in order
            <p key={i} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </div>
      </article>
    );
  }

  return (
    <PageLayout title={t('content.news.itemTitle')} backTo={ContentPaths.news} padded={false}>
      {body}
    </PageLayout>
  );
}
