import {
  type TAdjustBalance,
  type TAdminApproval,
  type TReceipt,
  WalletNames,
  ZAdjustBalance,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { useIdempotentMutation } from '../../shared/idempotency';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { staffKeys } from '../staff/staff.api';
import { adminApi, adminKeys, useCurrencies } from './admin.api';
import { displayAmount, displayTyped, formatDateTime } from './admin-format';
import { amountPlaces, withAmountRule } from './amount-rule';
import { confirmAction } from './confirm-action';
import { FactList } from './FactList';
import { FormActions } from './FormActions';
import { PendingApprovalReceipt } from './PendingApprovalReceipt';
import { ReceiptView } from './ReceiptView';
import { SelectorField } from './SelectorField';
import { useValidChoice } from './use-valid-choice';

const fieldNames = ['username', 'currency', 'wallet', 'direction', 'amount', 'reason'];

interface AdjustBalanceFormProps {
  /** Set when opened from a member's row: the member is fixed and shown, not typed. */
  username?: string;
  onClose?: () => void;
}

/** A correction by an admin: credit or debit one wallet of one member, with the reason on record. */
export function AdjustBalanceForm({ username, onClose }: AdjustBalanceFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies().data;
  const schema = useMemo(
    () =>
      withAmountRule(ZAdjustBalance, {
        decimalsOf: (code) => currencies?.find((c) => c.code === code.trim().toUpperCase())?.decimals,
      }),
    [currencies],
  );
  const empty: TAdjustBalance = {
    username: username ?? '',
    currency: '',
    wallet: 'funds',
    direction: 'credit',
    amount: '',
    reason: '',
  };
  const form = useForm<TAdjustBalance>({ resolver: zodResolver(schema), defaultValues: empty });
  useValidChoice(form, 'currency', currencies?.map((c) => c.code) ?? []);
  const places: ErrorPlaces<TAdjustBalance> = {
    ...amountPlaces,
    RECIPIENT_NOT_FOUND: username ? 'root' : 'username',
    CURRENCY_UNKNOWN: 'currency',
    LEDGER_INSUFFICIENT_FUNDS: 'amount',
    REASON_REQUIRED: 'reason',
  };
  const [done, setDone] = useState<{ receipt: TReceipt; body: TAdjustBalance } | null>(null);
  const [filed, setFiled] = useState<TAdminApproval | null>(null);

  const adjust = useIdempotentMutation(
    (body: TAdjustBalance, idempotencyKey: string) =>
      adminApi.adjust(body, { handled: handledBy(places), idempotencyKey }),
    {
      onSuccess: (result, body) => {
        if ('approval' in result) {
          setFiled(result.approval);
          void queryClient.invalidateQueries({ queryKey: staffKeys.approvals });
        } else setDone({ receipt: result, body });
        void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      },
      onError: (error) => placeServerError(error, form.setError, places, fieldNames),
    },
  );

  const submit = form.handleSubmit(async (values) => {
    const decimals = currencies?.find((c) => c.code === values.currency)?.decimals;
    const confirmed = await confirmAction(
      t(`admin.adjust.confirm.${values.direction}`, {
        amount: displayTyped(values.amount, decimals),
        currency: values.currency,
        wallet: t(`admin.wallets.${values.wallet}`),
        member: values.username,
      }),
    );
    if (confirmed) adjust.mutate(values);
  });

  if (filed) {
    return (
      <PendingApprovalReceipt
        approval={filed}
        onAgain={() => {
          form.reset(empty);
          setFiled(null);
        }}
        onClose={onClose}
      />
    );
  }
  if (done) {
    const { receipt, body } = done;
    return (
      <ReceiptView
        title={t(`admin.adjust.done.${body.direction}`)}
        facts={[
          { id: 'member', label: t('admin.receipt.member'), value: receipt.counterparty },
          { id: 'wallet', label: t('admin.receipt.wallet'), value: t(`admin.wallets.${body.wallet}`) },
          {
            id: 'amount',
            label: t('admin.receipt.amount'),
            value: `${displayAmount(receipt.amount)} ${receipt.currency}`,
          },
          {
            id: 'balanceAfter',
            label: t('admin.receipt.balanceAfter'),
            value: `${displayAmount(receipt.balanceAfter)} ${receipt.currency}`,
          },
          { id: 'time', label: t('admin.receipt.time'), value: formatDateTime(receipt.createdAt) },
          { id: 'reference', label: t('admin.receipt.reference'), value: <code>{receipt.id}</code> },
        ]}
        onAgain={() => {
          form.reset(empty);
          setDone(null);
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.adjust.title')}>
      {username ? (
        <FactList facts={[{ id: 'username', label: t('admin.adjust.username'), value: username }]} />
      ) : (
        <FormField
          control={form.control}
          name="username"
          label={t('admin.adjust.username')}
          placeholder={t('admin.adjust.usernamePlaceholder')}
          autoComplete="off"
        />
      )}
      <SelectorField
        control={form.control}
        name="currency"
        label={t('admin.adjust.currency')}
        options={(currencies ?? []).map((c) => ({ value: c.code, label: c.code }))}
      />
      <SelectorField
        control={form.control}
        name="wallet"
        label={t('admin.adjust.wallet')}
        options={WalletNames.map((w) => ({ value: w, label: t(`admin.wallets.${w}`) }))}
      />
      <SelectorField
        control={form.control}
        name="direction"
        label={t('admin.adjust.direction')}
        options={(['credit', 'debit'] as const).map((d) => ({ value: d, label: t(`admin.direction.${d}`) }))}
      />
      <FormField
        control={form.control}
        name="amount"
        label={t('admin.adjust.amount')}
        placeholder={t('admin.adjust.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="reason"
        label={t('admin.adjust.reason')}
        placeholder={t('admin.reasonPlaceholder')}
        autoComplete="off"
        maxLength={500}
      />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions submitText={t('admin.adjust.submit')} pending={adjust.isPending} onCancel={onClose} />
    </form>
  );
}
