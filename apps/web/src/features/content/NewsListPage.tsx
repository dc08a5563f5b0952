import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { contentApi, contentKeys } from './content.api';
import { FilesList } from './FilesList';
import styles from './NewsListPage.module.css';
import { NewsRow } from './NewsRow';

type Tab = 'news' | 'files';

/** HomegetAllNews: every published news item, page by page; and the downloadable files (getAllFiles). */
export default function NewsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'files' ? 'files' : 'news';
  return (
    <PageLayout title={t('content.news.title')} backTo={Routes.home} padded={false}>
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setParams(key === 'files' ? { tab: 'files' } : {}, { replace: true })}
      >
        <Tabs.Tab title={t('content.news.tab')} key="news" />
        <Tabs.Tab title={t('content.files.tab')} key="files" />
      </Tabs>
      {tab === 'news' ? (
        <PagedList
          queryKey={contentKeys.news}
          fetchPage={(page, pageSize) => contentApi.news(page, pageSize)}
          itemKey={(item) => item.id}
          renderItem={(item) => (
            <div className={styles.item}>
              <NewsRow item={item} />
            </div>
          )}
        />
      ) : (
        <FilesList />
      )}
    </PageLayout>
  );
}
