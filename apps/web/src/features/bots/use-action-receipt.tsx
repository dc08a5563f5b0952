import { useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-error';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { botKeys } from './bots.api';

/** An action by hand waiting for the member's confirmation: what will happen, and the call that does it. */
export interface ActionRequest {
  title: string;
  rows: ReceiptRow[];
  run: () => Promise<unknown>;
}

/**
 * Every bot action asks first in the shared receipt popup (no transaction password: no wallet money
 * moves). A refusal stays in the popup, translated; success closes it and refreshes the bots.
 */
export function useActionReceipt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!request) return;
    setLoading(true);
    setError(null);
    try {
      await request.run();
      setRequest(null);
      Toast.show({ icon: 'success', content: t('bots.actions.done') });
      await queryClient.invalidateQueries({ queryKey: botKeys.all });
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'INTERNAL');
    } finally {
      setLoading(false);
    }
  };

  const popup = (
    <ReceiptPopup
      visible={request !== null}
      title={request?.title ?? ''}
      rows={request?.rows ?? []}
      askPassword={false}
      loading={loading}
      error={error}
      onCancel={() => setRequest(null)}
      onConfirm={() => void confirm()}
    />
  );
  return {
    ask: (next: ActionRequest) => {
      setError(null);
      setRequest(next);
    },
    popup,
  };
}
