import type { TExchangePair } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../app/toast';
import { FormField } from '../../shared/FormField';
import { adminApi, adminKeys } from './admin.api';
import styles from './ExchangePairForm.module.css';
import { FormActions } from './FormActions';

export const MAX_FEE_BPS = 5000;

// The rules of ZUpdateExchangePair, on the text the admin types.
const ZPairForm = z.object({
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, { message: 'AMOUNT_INVALID' })
    .refine((v) => /[1-9]/.test(v), { message: 'AMOUNT_NOT_POSITIVE' }),
  feeBps: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { message: 'VALIDATION_FAILED' })
    .refine((v) => Number(v) <= MAX_FEE_BPS, { message: 'VALIDATION_FAILED' }),
});
type PairValues = z.infer<typeof ZPairForm>;

/** Basis points as a percentage ("30" -> "0.30"), with integers only. */
export function bpsAsPercent(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

/** Edits one exchange pair: its rate (fixed pairs only; market pairs follow the prices) and its fee. */
export function ExchangePairForm({ pair, onClose }: { pair: TExchangePair; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fixed = pair.pricing === 'fixed';
  const form = useForm<PairValues>({
    resolver: zodResolver(ZPairForm),
    defaultValues: { rate: pair.rate, feeBps: String(pair.feeBps) },
  });
  const update = useMutation({
    mutationFn: (change: { rate?: string; feeBps?: number }) => adminApi.updateExchangePair(pair.id, change),
    onSuccess: () => {
      showToast(t('admin.pairs.saved'), { icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.exchangePairs });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });
  const save = form.handleSubmit((values) => {
    const change: { rate?: string; feeBps?: number } = {};
    if (fixed && values.rate !== pair.rate) change.rate = values.rate;
    if (Number(values.feeBps) !== pair.feeBps) change.feeBps = Number(values.feeBps);
    if (Object.keys(change).length > 0) update.mutate(change);
    else onClose();
  });
  const fee = Number(form.watch('feeBps'));

  return (
    <form noValidate onSubmit={save}>
      {fixed ? (
        <FormField
          control={form.control}
          name="rate"
          label={t('admin.pairs.rateLabel', { from: pair.fromCurrency, to: pair.toCurrency })}
          inputMode="decimal"
          autoComplete="off"
        />
      ) : (
        <p className={styles.market}>
          {t('admin.pairs.marketRate', { from: pair.fromCurrency, rate: pair.rate, to: pair.toCurrency })}
        </p>
      )}
      <FormField
        control={form.control}
        name="feeBps"
        label={t('admin.pairs.fee')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        status={{
          tone: 'info',
          text: t('admin.pairs.feeHint', {
            percent: Number.isInteger(fee) && fee >= 0 ? bpsAsPercent(fee) : '—',
            max: MAX_FEE_BPS,
          }),
        }}
      />
      <FormActions submitText={t('admin.pairs.save')} pending={update.isPending} onCancel={onClose} />
    </form>
  );
}
