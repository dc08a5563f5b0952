import { type TAdminWithdrawal, ZMarkWithdrawalPaid, ZRejectWithdrawal } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { showToast } from '../../app/toast';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { useIdempotentMutation } from '../../shared/idempotency';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AdminDialog } from './AdminDialog';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount } from './admin-format';
import { FactList } from './FactList';
import { FormActions } from './FormActions';
import styles from './WithdrawalDecisionDialog.module.css';

export type DecisionKind = 'approve' | 'reject' | 'paid';

interface DecisionValues {
  txHash: string;
  reason: string;
}

const ZTxHash = ZMarkWithdrawalPaid.shape.txHash;
const anything = z.string();

/** Each decision: the one field it asks for, its rule, the call, and where the server's refusals go. */
const decisions = {
  approve: {
    field: 'txHash',
    // Optional: with a payout hash the withdrawal is paid at once.
    schema: z.object({ txHash: z.literal('').or(ZTxHash), reason: anything }),
    send: (w: TAdminWithdrawal, v: DecisionValues, o: Options) =>
      adminApi.approve(w.id, v.txHash.trim() || undefined, o),
    places: { TX_HASH_INVALID: 'txHash', WITHDRAWAL_NOT_PENDING: 'root', WITHDRAWAL_NOT_FOUND: 'root' },
    danger: false,
  },
  reject: {
    field: 'reason',
    schema: z.object({ txHash: anything, reason: ZRejectWithdrawal.shape.reason }),
    send: (w: TAdminWithdrawal, v: DecisionValues, o: Options) => adminApi.reject(w.id, v.reason.trim(), o),
    places: { REASON_REQUIRED: 'reason', WITHDRAWAL_NOT_PENDING: 'root', WITHDRAWAL_NOT_FOUND: 'root' },
    danger: true,
  },
  paid: {
    field: 'txHash',
    schema: z.object({ txHash: ZTxHash, reason: anything }),
    send: (w: TAdminWithdrawal, v: DecisionValues, o: Options) => adminApi.markPaid(w.id, v.txHash.trim(), o),
    places: { TX_HASH_INVALID: 'txHash', WITHDRAWAL_NOT_APPROVED: 'root', WITHDRAWAL_NOT_FOUND: 'root' },
    danger: false,
  },
} satisfies Record<
  DecisionKind,
  {
    field: keyof DecisionValues;
    schema: z.ZodType<DecisionValues>;
    send: (w: TAdminWithdrawal, v: DecisionValues, o: Options) => Promise<{ status: string }>;
    places: ErrorPlaces<DecisionValues>;
    danger: boolean;
  }
>;

interface Options {
  handled: readonly string[];
  idempotencyKey: string;
}

const fieldNames = ['txHash', 'reason'];

/** The withdrawal being decided, so the admin checks what they approve. */
function WithdrawalFacts({ w }: { w: TAdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <FactList
      testId="decision-facts"
      facts={[
        { id: 'member', label: t('admin.withdrawals.col.member'), value: w.username },
        {
          id: 'amount',
          label: t('admin.withdrawals.col.amount'),
          value: `${displayAmount(w.amount)} ${w.currency}`,
        },
        { id: 'fee', label: t('admin.withdrawals.col.fee'), value: displayAmount(w.fee) },
        {
          id: 'payout',
          label: t('admin.withdrawals.col.payout'),
          value: `${displayAmount(w.payout)} ${w.currency}`,
        },
        { id: 'network', label: t('admin.withdrawals.col.network'), value: w.network },
        { id: 'address', label: t('admin.withdrawals.col.address'), value: <code>{w.address}</code> },
      ]}
    />
  );
}

function DecisionForm({
  kind,
  withdrawal,
  onClose,
}: {
  kind: DecisionKind;
  withdrawal: TAdminWithdrawal;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decision = decisions[kind];
  const form = useForm<DecisionValues>({
    resolver: zodResolver(decision.schema),
    defaultValues: { txHash: '', reason: '' },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals });
  const decide = useIdempotentMutation(
    (values: DecisionValues, idempotencyKey: string) =>
      decision.send(withdrawal, values, { handled: handledBy(decision.places), idempotencyKey }),
    {
      onSuccess: (result) => {
        showToast(t(`admin.decide.${kind}.done`, { status: t(`admin.status.${result.status}`) }), {
          icon: 'success',
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        placeServerError(error, form.setError, decision.places, fieldNames);
        // Decided elsewhere in the meantime: the list shows what it is now.
        if (isApiError(error) && decision.places[error.code as keyof typeof decision.places] === 'root')
          void refresh();
      },
    },
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => decide.mutate(values))}>
      <WithdrawalFacts w={withdrawal} />
      <p className={styles.hint}>{t(`admin.decide.${kind}.hint`)}</p>
      <FormField
        control={form.control}
        name={decision.field}
        label={t(`admin.decide.${kind}.label`)}
        placeholder={t(`admin.decide.${kind}.placeholder`)}
        autoComplete="off"
        maxLength={decision.field === 'reason' ? 500 : 66}
      />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions
        submitText={t(`admin.decide.${kind}.submit`)}
        pending={decide.isPending}
        danger={decision.danger}
        onCancel={onClose}
      />
    </form>
  );
}

export interface Decision {
  kind: DecisionKind;
  withdrawal: TAdminWithdrawal;
}

/**
 * Approve, reject or mark paid: one withdrawal, one field, one confirmed action with its own key. The
 * decision stays set while the dialog closes, so its content does not vanish mid-animation.
 */
export function WithdrawalDecisionDialog({
  decision,
  open,
  onClose,
}: {
  decision: Decision | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={decision ? t(`admin.decide.${decision.kind}.title`) : ''}
    >
      {decision ? (
        <DecisionForm
          key={`${decision.kind}-${decision.withdrawal.id}`}
          kind={decision.kind}
          withdrawal={decision.withdrawal}
          onClose={onClose}
        />
      ) : null}
    </AdminDialog>
  );
}
