import { KeyExchanges, needsPassphrase, type TExchangeKey, type TKeyExchange } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { seal } from '../../app/seal';
import { showToast } from '../../app/toast';
import { ChoiceField } from '../../shared/ChoiceChips';
import { errorCodeOf } from '../../shared/error-code';
import styles from '../../shared/FormPage.module.css';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import { EgressIps } from './EgressIps';
import keyStyles from './ExchangeKeys.module.css';
import { keyQueries, keysApi } from './exchange-keys.api';
import { KeyFields } from './KeyFields';
import { withPassphraseRule, ZKeyFields } from './key-form';
import { maskKey } from './key-text';

const ZBindForm = withPassphraseRule(ZKeyFields);
type TBindForm = z.infer<typeof ZBindForm>;

/**
 * Binds a key: exchange, API key, secret (and a passphrase where the exchange has one), then the
 * transaction password in the confirm step. The secret is sealed for the server only when confirmed, and
 * the platform tries the key on the exchange before it keeps anything.
 */
export function BindKeyForm({ available }: { available: readonly TKeyExchange[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TBindForm | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TBindForm>({
    resolver: zodResolver(ZBindForm),
    defaultValues: { exchange: available[0] ?? 'binance', apiKey: '', secret: '', passphrase: '' },
  });
  const exchange = form.watch('exchange');
  useEffect(() => {
    if (!available.includes(exchange) && available[0]) form.setValue('exchange', available[0]);
  }, [available, exchange, form]);

  const bind = useMutation({
    mutationFn: async ({ what, password }: { what: TBindForm; password: string }) =>
      keysApi.bind({
        exchange: what.exchange,
        apiKey: what.apiKey,
        secret: await seal(what.secret.trim()),
        ...(needsPassphrase(what.exchange) ? { passphrase: await seal(what.passphrase.trim()) } : {}),
        password: await seal(password),
      }),
    onSuccess: async (key: TExchangeKey) => {
      setPending(null);
      form.reset({ exchange: key.exchange, apiKey: '', secret: '', passphrase: '' });
      showToast(t('exchangeKeys.bound', { exchange: t(`exchangeKeys.exchange.${key.exchange}`) }), {
        icon: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: keyQueries.all });
    },
    onError: (error) => setRefusal(errorCodeOf(error)),
  });

  const options = KeyExchanges.map((value) => ({
    value,
    label: t(`exchangeKeys.exchange.${value}`),
    disabled: !available.includes(value),
  }));

  return (
    <section className={keyStyles.card} aria-labelledby="bind-key-title">
      <h2 id="bind-key-title" className={keyStyles.title}>
        {t('exchangeKeys.bindTitle')}
      </h2>
      <form
        noValidate
        aria-labelledby="bind-key-title"
        onSubmit={form.handleSubmit((values) => {
          setRefusal(null);
          setPending(values);
        })}
      >
        <ChoiceField
          control={form.control}
          name="exchange"
          label={t('exchangeKeys.exchangeLabel')}
          options={options}
        />
        <KeyFields control={form.control} exchange={exchange} secretAutoComplete="off" />
        <EgressIps />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large">
            {t('common.continue')}
          </Button>
        </div>
      </form>
      <ReceiptPopup
        visible={pending !== null}
        title={t('exchangeKeys.confirmBind')}
        notice={t('exchangeKeys.confirmBindNote')}
        rows={
          pending
            ? [
                {
                  id: 'exchange',
                  label: t('exchangeKeys.exchangeLabel'),
                  value: t(`exchangeKeys.exchange.${pending.exchange}`),
                },
                { id: 'apiKey', label: t('exchangeKeys.apiKey'), value: maskKey(pending.apiKey) },
              ]
            : []
        }
        loading={bind.isPending}
        error={refusal}
        onCancel={() => setPending(null)}
        onConfirm={(password) => {
          if (pending) bind.mutate({ what: pending, password });
        }}
      />
    </section>
  );
}
