import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { EnquiryItem } from './EnquiryItem';
import { supportApi, supportKeys } from './support.api';
import { SupportPaths } from './support-paths';

/** CSHistory: the member's closed enquiries, latest first; each still opens to read. */
export default function CSHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('support.history.title')} backTo={SupportPaths.entry} padded={false}>
      <PagedList
        queryKey={supportKeys.list('closed')}
        fetchPage={(page, pageSize) => supportApi.list('closed', page, pageSize)}
        itemKey={(enquiry) => enquiry.id}
        renderItem={(enquiry) => <EnquiryItem enquiry={enquiry} />}
      />
    </PageLayout>
  );
}
