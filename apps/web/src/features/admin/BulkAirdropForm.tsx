import { ZBulkAirdrop } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import TextArea from 'antd-mobile/es/components/text-area';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { FormAlert } from '../../shared/FormAlert';
import { FormField, fieldId } from '../../shared/FormField';
import { useIdempotentMutation } from '../../shared/idempotency';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { adminApi, adminKeys, useCurrencies } from './admin.api';
import { displayTyped, splitUsernames } from './admin-format';
import { amountPlaces, withAmountRule } from './amount-rule';
import styles from './BulkAirdropForm.module.css';
import { confirmAction } from './confirm-action';
import { FormActions } from './FormActions';
import { ReceiptView } from './ReceiptView';
import { SelectorField } from './SelectorField';
import { useValidChoice } from './use-valid-choice';

// The usernames are typed as text and checked as the list the server takes (1 to 500 names).
const ZAirdropForm = ZBulkAirdrop.extend({
  usernames: z.string().refine((text) => {
    const names = splitUsernames(text);
    return ZBulkAirdrop.shape.usernames.safeParse(names).success;
  }, 'REQUIRED'),
});
type AirdropValues = z.infer<typeof ZAirdropForm>;

const empty: AirdropValues = { currency: '', amount: '', usernames: '', reason: '' };
const fieldNames = ['currency', 'amount', 'usernames', 'reason'];
const places: ErrorPlaces<AirdropValues> = {
  ...amountPlaces,
  AIRDROP_PROMO_ONLY: 'currency',
  CURRENCY_UNKNOWN: 'currency',
  RECIPIENT_NOT_FOUND: 'root',
  REASON_REQUIRED: 'reason',
};

/** The admin's airdrop: one amount of a promotional coin to each of many members' funds wallets. */
export function BulkAirdropForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies().data;
  const promos = (currencies ?? []).filter((c) => c.kind === 'promo');
  const schema = useMemo(
    () =>
      withAmountRule(ZAirdropForm, {
        decimalsOf: (code) => currencies?.find((c) => c.code === code.trim().toUpperCase())?.decimals,
      }),
    [currencies],
  );
  const form = useForm<AirdropValues>({ resolver: zodResolver(schema), defaultValues: empty });
  useValidChoice(
    form,
    'currency',
    promos.map((c) => c.code),
  );
  const count = splitUsernames(form.watch('usernames')).length;
  const [missing, setMissing] = useState<string[]>([]);
  const [credited, setCredited] = useState<{ count: number; currency: string; amount: string } | null>(null);

  const airdrop = useIdempotentMutation(
    (values: AirdropValues, idempotencyKey: string) =>
      adminApi.airdrop(
        { ...values, usernames: splitUsernames(values.usernames) },
        { handled: handledBy(places), idempotencyKey },
      ),
    {
      onSuccess: (result, values) => {
        const decimals = currencies?.find((c) => c.code === values.currency)?.decimals;
        setCredited({
          count: result.credited,
          currency: values.currency,
          amount: displayTyped(values.amount, decimals),
        });
        void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      },
      onError: (error) => {
        const names = isApiError(error) ? error.details.usernames : undefined;
        setMissing(Array.isArray(names) ? names.map(String) : []);
        placeServerError(error, form.setError, places, fieldNames);
      },
    },
  );

  const submit = form.handleSubmit(async (values) => {
    setMissing([]);
    const decimals = currencies?.find((c) => c.code === values.currency)?.decimals;
    const confirmed = await confirmAction(
      t('admin.airdrop.confirm', {
        amount: displayTyped(values.amount, decimals),
        currency: values.currency,
        count: splitUsernames(values.usernames).length,
      }),
    );
    if (confirmed) airdrop.mutate(values);
  });

  if (credited) {
    return (
      <ReceiptView
        title={t('admin.airdrop.done', { count: credited.count })}
        facts={[
          { id: 'members', label: t('admin.receipt.members'), value: String(credited.count) },
          { id: 'each', label: t('admin.receipt.each'), value: `${credited.amount} ${credited.currency}` },
          { id: 'wallet', label: t('admin.receipt.wallet'), value: t('admin.wallets.funds') },
        ]}
        onAgain={() => {
          form.reset(empty);
          setCredited(null);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.airdrop.title')}>
      <SelectorField
        control={form.control}
        name="currency"
        label={t('admin.airdrop.currency')}
        options={promos.map((c) => ({ value: c.code, label: c.code }))}
      />
      <FormField
        control={form.control}
        name="amount"
        label={t('admin.airdrop.amount')}
        placeholder={t('admin.adjust.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="usernames"
        label={t('admin.airdrop.usernames')}
        status={{ tone: 'info', text: t('admin.airdrop.count', { count }) }}
        render={(field) => (
          <>
            {/* The legend names the group; this names the text box itself for screen readers. */}
            <label htmlFor={fieldId('usernames')} className={styles.hidden}>
              {t('admin.airdrop.usernames')}
            </label>
            <TextArea
              id={fieldId('usernames')}
              className={styles.names}
              placeholder={t('admin.airdrop.usernamesPlaceholder')}
              rows={5}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </>
        )}
      />
      <FormField
        control={form.control}
        name="reason"
        label={t('admin.airdrop.reason')}
        placeholder={t('admin.reasonPlaceholder')}
        autoComplete="off"
        maxLength={500}
      />
      <FormAlert
        code={form.formState.errors.root?.server?.message}
        extra={missing.length > 0 ? missing.join(', ') : undefined}
      />
      <FormActions submitText={t('admin.airdrop.submit')} pending={airdrop.isPending} />
    </form>
  );
}
