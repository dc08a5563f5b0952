import type { TRecipient } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { errorCodeOf } from '../../shared/error-code';
import type { FieldStatus } from '../../shared/FormField';
import { walletApi, walletKeys } from './wallet.api';

export interface RecipientCheck {
  /** Under the username field: checking, the masked name found, or why there is none. */
  status: FieldStatus | null;
  /** Asks the server about this username (on leaving the field, or the Check button). */
  check: (username: string) => void;
  /** The recipient for this username, asking the server if it has not been asked yet. Throws its refusal. */
  ensure: (username: string) => Promise<TRecipient>;
}

/**
 * checktransferuser: the member types a username and sees the masked name of who it belongs to, so they
 * can tell they have the right person before any money moves.
 */
export function useRecipientCheck(typed: string): RecipientCheck {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState('');
  const options = (username: string) => ({
    queryKey: walletKeys.recipient(username),
    queryFn: ({ signal }: { signal: AbortSignal }) => walletApi.recipient(username, signal),
    staleTime: 60_000,
  });
  const query = useQuery({ ...options(asked), enabled: asked !== '' });

  let status: FieldStatus | null = null;
  if (asked !== '' && asked === typed.trim()) {
    if (query.isFetching) status = { tone: 'info', text: t('wallet.transfer.checking') };
    else if (query.isError) status = { tone: 'error', text: errorText(errorCodeOf(query.error)) };
    else if (query.data)
      status = { tone: 'ok', text: t('wallet.transfer.recipientFound', { name: query.data.maskedName }) };
  }

  return {
    status,
    check: (username) => setAsked(username.trim()),
    ensure: (username) => {
      setAsked(username.trim());
      return queryClient.fetchQuery(options(username.trim()));
    },
  };
}
