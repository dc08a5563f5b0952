import Button from 'antd-mobile/es/components/button';
import { AddOutline, ClockCircleOutline, MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { EnquiryItem } from './EnquiryItem';
import styles from './SupportPages.module.css';
import { supportApi, supportKeys } from './support.api';
import { SupportPaths } from './support-paths';
import { useEnquiryLive } from './use-enquiry-live';

/** CustomerService: the member's enquiries still in progress, a new one, and the two histories. */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEnquiryLive('member');
  return (
    <PageLayout title={t('support.entry.title')} backTo="/pages/personal/personal" padded={false}>
      <PagedList
        queryKey={supportKeys.list('active')}
        fetchPage={(page, pageSize) => supportApi.list('active', page, pageSize)}
        itemKey={(enquiry) => enquiry.id}
        renderItem={(enquiry) => <EnquiryItem enquiry={enquiry} />}
        header={
          <div className={styles.entryHead}>
            <p className={styles.intro}>{t('support.entry.intro')}</p>
            <Button
              block
              color="primary"
              size="large"
              onClick={() => navigate(SupportPaths.newEnquiry)}
              data-testid="enquiry-new"
            >
              <AddOutline /> {t('support.entry.new')}
            </Button>
            <nav className={styles.links} aria-label={t('support.entry.histories')}>
              <Link to={SupportPaths.history} className={styles.linkCard}>
                <ClockCircleOutline aria-hidden="true" />
                <span>{t('support.history.title')}</span>
              </Link>
              <Link to={SupportPaths.sentMessages} className={styles.linkCard}>
                <MailOutline aria-hidden="true" />
                <span>{t('support.sent.title')}</span>
              </Link>
            </nav>
            <h2 className={styles.listTitle}>{t('support.entry.active')}</h2>
          </div>
        }
      />
    </PageLayout>
  );
}
