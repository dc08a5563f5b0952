import { type TAdminApproval, type TDeposit, ZManualDeposit } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { useIdempotentMutation } from '../../shared/idempotency';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { staffKeys } from '../staff/staff.api';
import { adminApi, adminKeys, useCurrencies, useDepositChannels } from './admin.api';
import { displayAmount, displayTyped, formatDateTime, shortText } from './admin-format';
import { amountPlaces, withAmountRule } from './amount-rule';
import { confirmAction } from './confirm-action';
import { FactList } from './FactList';
import { FormActions } from './FormActions';
import { PendingApprovalReceipt } from './PendingApprovalReceipt';
import { ReceiptView } from './ReceiptView';
import { SelectorField } from './SelectorField';
import { useValidChoice } from './use-valid-choice';

// The hash is required: one transaction on chain is credited once per network (DEPOSIT_TX_KNOWN).
const ZDepositForm = ZManualDeposit;
type DepositValues = z.infer<typeof ZDepositForm>;

const fieldNames = ['username', 'currency', 'network', 'amount', 'txHash', 'reason'];

interface ManualDepositFormProps {
  /** Set when opened from a member's row. */
  username?: string;
  onClose?: () => void;
}

/**
 * Credits a deposit that arrived on chain to a member's deposit wallet by hand, where the watcher does not
 * (a network without an RPC, or a transfer it could not match): always with its transaction hash.
 */
export function ManualDepositForm({ username, onClose }: ManualDepositFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies().data;
  const channels = useDepositChannels().data;
  const channelOf = (currency: string, network: string | undefined) =>
    channels?.find((c) => c.currency === currency.trim().toUpperCase() && c.network === network);
  const schema = useMemo(
    () =>
      withAmountRule(ZDepositForm, {
        decimalsOf: (code) => currencies?.find((c) => c.code === code.trim().toUpperCase())?.decimals,
        minimum: {
          of: (v) => channels?.find((c) => c.currency === v.currency && c.network === v.network)?.minAmount,
          code: 'DEPOSIT_BELOW_MINIMUM',
        },
      }),
    [currencies, channels],
  );
  const empty: DepositValues = {
    username: username ?? '',
    currency: '',
    network: 'TRC20',
    amount: '',
    txHash: '',
    reason: '',
  };
  const form = useForm<DepositValues>({ resolver: zodResolver(schema), defaultValues: empty });
  const currency = form.watch('currency');
  const network = form.watch('network');
  const currencyCodes = [...new Set((channels ?? []).map((c) => c.currency))];
  const networks = (channels ?? []).filter((c) => c.currency === currency).map((c) => c.network);
  useValidChoice(form, 'currency', currencyCodes);
  useValidChoice(form, 'network', networks);
  const minimum = channelOf(currency, network)?.minAmount;

  const places: ErrorPlaces<DepositValues> = {
    ...amountPlaces,
    RECIPIENT_NOT_FOUND: username ? 'root' : 'username',
    CURRENCY_UNKNOWN: 'currency',
    NETWORK_NOT_SUPPORTED: 'network',
    DEPOSIT_BELOW_MINIMUM: 'amount',
    TX_HASH_INVALID: 'txHash',
    DEPOSIT_TX_KNOWN: 'txHash',
    REASON_REQUIRED: 'reason',
  };
  const [done, setDone] = useState<{ deposit: TDeposit; member: string } | null>(null);
  const [filed, setFiled] = useState<TAdminApproval | null>(null);

  const credit = useIdempotentMutation(
    (values: DepositValues, idempotencyKey: string) =>
      adminApi.deposit(values, { handled: handledBy(places), idempotencyKey }),
    {
      onSuccess: (result, values) => {
        if ('approval' in result) {
          setFiled(result.approval);
          void queryClient.invalidateQueries({ queryKey: staffKeys.approvals });
        } else setDone({ deposit: result, member: values.username });
        void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      },
      onError: (error) => placeServerError(error, form.setError, places, fieldNames),
    },
  );

  const submit = form.handleSubmit(async (values) => {
    const decimals = currencies?.find((c) => c.code === values.currency)?.decimals;
    const confirmed = await confirmAction(
      t('admin.deposit.confirm', {
        amount: displayTyped(values.amount, decimals),
        currency: values.currency,
        network: values.network,
        member: values.username,
      }),
    );
    if (confirmed) credit.mutate(values);
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
    const { deposit, member } = done;
    return (
      <ReceiptView
        title={t('admin.deposit.done')}
        facts={[
          { id: 'member', label: t('admin.receipt.member'), value: member },
          {
            id: 'amount',
            label: t('admin.receipt.amount'),
            value: `${displayAmount(deposit.amount)} ${deposit.currency}`,
          },
          { id: 'network', label: t('admin.receipt.network'), value: deposit.network },
          {
            id: 'txHash',
            label: t('admin.receipt.txHash'),
            value: deposit.txHash ? (
              <code title={deposit.txHash}>{shortText(deposit.txHash, 10, 8)}</code>
            ) : (
              '—'
            ),
          },
          { id: 'time', label: t('admin.receipt.time'), value: formatDateTime(deposit.createdAt) },
          { id: 'reference', label: t('admin.receipt.reference'), value: <code>{deposit.id}</code> },
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
    <form noValidate onSubmit={submit} aria-label={t('admin.deposit.title')}>
      {username ? (
        <FactList facts={[{ id: 'username', label: t('admin.deposit.username'), value: username }]} />
      ) : (
        <FormField
          control={form.control}
          name="username"
          label={t('admin.deposit.username')}
          placeholder={t('admin.adjust.usernamePlaceholder')}
          autoComplete="off"
        />
      )}
      <SelectorField
        control={form.control}
        name="currency"
        label={t('admin.deposit.currency')}
        options={currencyCodes.map((c) => ({ value: c, label: c }))}
      />
      <SelectorField
        control={form.control}
        name="network"
        label={t('admin.deposit.network')}
        options={networks.map((n) => ({ value: n, label: n }))}
      />
      <FormField
        control={form.control}
        name="amount"
        label={t('admin.deposit.amount')}
        placeholder={t('admin.adjust.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        status={
          minimum
            ? { tone: 'info', text: t('admin.deposit.minimum', { amount: displayAmount(minimum) }) }
            : null
        }
      />
      <FormField
        control={form.control}
        name="txHash"
        label={t('admin.deposit.txHash')}
        placeholder={t('admin.txHashPlaceholder')}
        autoComplete="off"
        maxLength={66}
      />
      <FormField
        control={form.control}
        name="reason"
        label={t('admin.deposit.reason')}
        placeholder={t('admin.reasonPlaceholder')}
        autoComplete="off"
        maxLength={500}
      />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions submitText={t('admin.deposit.submit')} pending={credit.isPending} onCancel={onClose} />
    </form>
  );
}
