import type { TExchangeKey } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { seal } from '../../app/seal';
import { showToast } from '../../app/toast';
import { ChoiceChips } from '../../shared/ChoiceChips';
import { Column } from '../../shared/Column';
import { errorCodeOf } from '../../shared/error-code';
import formStyles from '../../shared/FormPage.module.css';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import styles from './ExchangeKeys.module.css';
import { keyQueries, keysApi, useExchangeKeys } from './exchange-keys.api';
import { KeyPaths } from './key-paths';

/** Unbindapi: choose a key, confirm with the transaction password; the exchange account is not touched. */
export default function UnbindApiPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const keys = useExchangeKeys();
  const [chosen, setChosen] = useState<string | null>(params.get('id'));
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = keys.data?.items ?? [];
  const selected: TExchangeKey | undefined =
    items.find((key) => key.id === chosen) ?? (items.length === 1 ? items[0] : undefined);

  const unbind = useMutation({
    mutationFn: async ({ id, password }: { id: string; password: string }) =>
      keysApi.unbind(id, { password: await seal(password) }),
    onSuccess: async (result) => {
      setConfirming(false);
      setChosen(null);
      showToast(t('exchangeKeys.unbound', { exchange: t(`exchangeKeys.exchange.${result.exchange}`) }), {
        icon: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: keyQueries.all });
    },
    onError: (error) => setRefusal(errorCodeOf(error)),
  });

  const label = (key: TExchangeKey) => `${t(`exchangeKeys.exchange.${key.exchange}`)} · ${key.apiKeyMasked}`;

  return (
    <PageLayout title={t('exchangeKeys.unbindTitle')} backTo={Routes.personal}>
      <Column>
        <Notice tone="warning">{t('exchangeKeys.unbindNote')}</Notice>
        {!keys.data ? (
          <LoadState failed={keys.isError} onRetry={() => void keys.refetch()} />
        ) : items.length === 0 ? (
          <div className={formStyles.card}>
            <p className={formStyles.hint}>{t('exchangeKeys.noKeys')}</p>
            <Link to={KeyPaths.trader}>{t('exchangeKeys.goBind')}</Link>
          </div>
        ) : (
          <div className={formStyles.card}>
            <fieldset className={styles.choose}>
              <legend className={formStyles.hint}>{t('exchangeKeys.chooseKey')}</legend>
              <ChoiceChips
                name="key"
                stacked
                value={selected?.id ?? ''}
                options={items.map((key) => ({
                  value: key.id,
                  label: label(key),
                  description: t(`exchangeKeys.status.${key.status}`),
                }))}
                onChange={setChosen}
              />
            </fieldset>
            <div className={formStyles.actions}>
              <Button
                block
                color="danger"
                size="large"
                disabled={!selected}
                onClick={() => {
                  setRefusal(null);
                  setConfirming(true);
                }}
              >
                {t('exchangeKeys.unbind')}
              </Button>
            </div>
          </div>
        )}
      </Column>
      <ReceiptPopup
        visible={confirming && selected !== undefined}
        title={t('exchangeKeys.confirmUnbind')}
        notice={t('exchangeKeys.positionsStay')}
        rows={
          selected
            ? [
                {
                  id: 'exchange',
                  label: t('exchangeKeys.exchangeLabel'),
                  value: t(`exchangeKeys.exchange.${selected.exchange}`),
                },
                { id: 'apiKey', label: t('exchangeKeys.apiKey'), value: selected.apiKeyMasked },
              ]
            : []
        }
        loading={unbind.isPending}
        error={refusal}
        onCancel={() => setConfirming(false)}
        onConfirm={(password) => {
          if (selected) unbind.mutate({ id: selected.id, password });
        }}
      />
    </PageLayout>
  );
}
