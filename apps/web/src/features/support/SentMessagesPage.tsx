import type { TSentMessage } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from './SupportPages.module.css';
import { supportApi, supportKeys } from './support.api';
import { SupportPaths } from './support-paths';

function SentItem({ item }: { item: TSentMessage }) {
  const { t } = useTranslation();
  const purposeKey = `support.sent.purposes.${item.purpose}`;
  return (
    <article className={styles.item} data-testid="sent-message">
      <span className={styles.itemMain}>
        <span className={styles.itemHead}>
          <span className={styles.subject}>{item.subject}</span>
          <Tag color="primary" fill="outline">
            {t(`support.sent.channels.${item.channel}`)}
          </Tag>
        </span>
        <span className={styles.meta}>
          {t(purposeKey, { defaultValue: t('support.sent.purposes.other') })} · {item.destination}
        </span>
        <span className={styles.meta}>{dateTimeText(item.sentAt)}</span>
      </span>
    </article>
  );
}

/**
 * showEmailHistory: the emails and SMS the platform sent the member. Only their subject and when: the
 * platform never keeps a message's body, which held a verification code.
 */
export default function SentMessagesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('support.sent.title')} backTo={SupportPaths.entry} padded={false}>
      <PagedList
        queryKey={supportKeys.sentMessages}
        fetchPage={(page, pageSize) => supportApi.sentMessages(page, pageSize)}
        itemKey={(item) => item.id}
        renderItem={(item) => <SentItem item={item} />}
        header={<p className={styles.intro}>{t('support.sent.intro')}</p>}
      />
    </PageLayout>
  );
}
