import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { DownlandOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { dayText } from '../../shared/format';
import { contentApi, contentKeys } from './content.api';
import styles from './FilesList.module.css';

/** The downloadable documents (Home/getAllFiles): a short list, so no paging. */
export function FilesList() {
  const { t } = useTranslation();
  const files = useQuery({ queryKey: contentKeys.files, queryFn: ({ signal }) => contentApi.files(signal) });
  if (files.isPending) {
    return (
      <p className={styles.note} role="status">
        {t('list.loading')} <DotLoading />
      </p>
    );
  }
  if (files.isError) {
    return (
      <p className={styles.note}>
        {t('list.failed')}{' '}
        <Button size="mini" fill="none" color="primary" onClick={() => void files.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    );
  }
  if (files.data.items.length === 0) return <p className={styles.note}>{t('list.empty')}</p>;
  return (
    <ul className={styles.files} data-testid="files-list">
      {files.data.items.map((file) => (
        <li key={file.id}>
          <a className={styles.file} href={file.url} download>
            <FileOutline className={styles.icon} aria-hidden="true" />
            <span className={styles.text}>
              <span className={styles.title}>{file.title}</span>
              <span className={styles.meta}>
                {t('content.files.added', { date: dayText(file.createdAt) })}
              </span>
            </span>
            <span className={styles.download}>
              <DownlandOutline aria-hidden="true" />
              {t('content.files.download')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
