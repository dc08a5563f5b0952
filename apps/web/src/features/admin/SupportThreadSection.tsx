import { ZEnquiryIdParams } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { LoadState } from '../../shared/LoadState';
import { ChatMessages } from '../support/ChatMessages';
import { Composer } from '../support/Composer';
import { confirmClose } from '../support/confirm-close';
import { EnquiryHeader } from '../support/EnquiryHeader';
import { NoSuchEnquiry } from '../support/NoSuchEnquiry';
import { supportApi, supportKeys } from '../support/support.api';
import { useEnquiryLive } from '../support/use-enquiry-live';
import { AdminPaths } from './admin-paths';
import styles from './SupportThreadSection.module.css';

/** One enquiry as staff see it: the member's conversation, a reply box and Close; updated live. */
export default function SupportThreadSection() {
  const { t } = useTranslation();
  const parsed = ZEnquiryIdParams.safeParse({ id: useParams().id ?? '' });
  const id = parsed.success ? parsed.data.id : '';
  const queryClient = useQueryClient();
  const key = supportKeys.staffThread(id);
  useEnquiryLive('staff', id || undefined);

  const thread = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => supportApi.staffThread(id, signal),
    enabled: parsed.success,
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 2),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
  const close = useMutation({ mutationFn: () => supportApi.staffClose(id), onSettled: refresh });

  const enquiry = thread.data?.enquiry;
  let body: ReactNode;
  if (!parsed.success || (isApiError(thread.error) && thread.error.status < 500)) {
    body = <NoSuchEnquiry backTo={AdminPaths.support} />;
  } else if (!thread.data || !enquiry) {
    body = <LoadState failed={thread.isError} onRetry={() => void thread.refetch()} />;
  } else {
    body = (
      <div className={styles.chat}>
        <EnquiryHeader enquiry={enquiry} reader="staff" who={enquiry.username} />
        <div className={styles.messages}>
          <ChatMessages messages={thread.data.messages} reader="staff" memberName={enquiry.username} />
        </div>
        {enquiry.status === 'closed' ? (
          <p className={styles.closed} data-testid="enquiry-closed-note">
            {t('support.admin.closedNote')}
          </p>
        ) : (
          <Composer
            allowPicture={false}
            onSend={async ({ text }) => {
              try {
                queryClient.setQueryData(key, await supportApi.reply(id, { text }));
              } finally {
                void refresh();
              }
            }}
          />
        )}
      </div>
    );
  }

  return (
    <section className={styles.section}>
      <div className={styles.bar}>
        <Link to={AdminPaths.support} className={styles.back}>
          <LeftOutline aria-hidden="true" />
          <span>{t('support.admin.backToQueue')}</span>
        </Link>
        {enquiry && enquiry.status !== 'closed' ? (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={close.isPending}
            onClick={async () => {
              if (await confirmClose()) close.mutate();
            }}
            data-testid="admin-enquiry-close"
          >
            {t('support.close.action')}
          </Button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
