import { ZEnquiryIdParams } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import styles from './Chat.module.css';
import { ChatMessages } from './ChatMessages';
import { Composer } from './Composer';
import { confirmClose } from './confirm-close';
import { EnquiryHeader } from './EnquiryHeader';
import { NoSuchEnquiry } from './NoSuchEnquiry';
import { supportApi, supportKeys } from './support.api';
import { SupportPaths } from './support-paths';
import { useEnquiryLive } from './use-enquiry-live';

/** CustomerServiceMsg?id=: one enquiry's chat with staff, kept up to date live; the member can close it. */
export default function EnquiryThreadPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = ZEnquiryIdParams.safeParse({ id: params.get('id') ?? '' });
  const id = parsed.success ? parsed.data.id : '';
  const queryClient = useQueryClient();
  const key = supportKeys.thread(id);
  useEnquiryLive('member', id || undefined);

  const thread = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => supportApi.thread(id, signal),
    enabled: parsed.success,
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 2),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
  const close = useMutation({
    mutationFn: () => supportApi.close(id),
    onSettled: refresh,
  });

  const enquiry = thread.data?.enquiry;
  const open = enquiry && enquiry.status !== 'closed';
  const closeButton = open ? (
    <button
      type="button"
      className={styles.barButton}
      disabled={close.isPending}
      onClick={async () => {
        if (await confirmClose()) close.mutate();
      }}
      data-testid="enquiry-close"
    >
      {t('support.close.action')}
    </button>
  ) : null;

  let body: ReactNode;
  if (!parsed.success || (isApiError(thread.error) && thread.error.status < 500)) {
    body = <NoSuchEnquiry />;
  } else if (!thread.data) {
    body = <LoadState failed={thread.isError} onRetry={() => void thread.refetch()} />;
  } else {
    body = (
      <>
        <EnquiryHeader enquiry={thread.data.enquiry} reader="member" />
        <ChatMessages messages={thread.data.messages} reader="member" />
      </>
    );
  }

  return (
    <PageLayout
      title={t('support.thread.title')}
      backTo={SupportPaths.entry}
      padded={false}
      right={closeButton}
    >
      <div className={styles.chat}>
        <div className={styles.thread}>{body}</div>
        {open ? (
          <Composer
            allowPicture
            onSend={async (message) => {
              // Refetched whatever happened: a refusal (closed meanwhile) should show the enquiry as it is.
              try {
                queryClient.setQueryData(key, await supportApi.post(id, message));
              } finally {
                void refresh();
              }
            }}
          />
        ) : enquiry ? (
          <p className={styles.closedNote} data-testid="enquiry-closed-note">
            {t('support.thread.closedNote')}
          </p>
        ) : null}
      </div>
    </PageLayout>
  );
}
