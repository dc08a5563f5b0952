import { type TAdminApproval, ZRejectApproval } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { staffApi, staffKeys } from '../staff/staff.api';
import { AdminDialog } from './AdminDialog';
import styles from './ApprovalsPanel.module.css';
import { adminKeys } from './admin.api';
import { displayAmount, formatDateTime } from './admin-format';
import { confirmAction } from './confirm-action';
import type { Column } from './DataTable';
import { FormActions } from './FormActions';
import { PagedTable } from './PagedTable';
import { Panel } from './Panel';

const decidePlaces = {
  APPROVAL_OWN_REQUEST: 'root',
  APPROVAL_ALREADY_DECIDED: 'root',
  APPROVAL_NOT_FOUND: 'root',
} as const;

/** What the request asks, in one line: "Credit 25,000 USDT to funds" or "Deposit 15,000 USDT (TRC20)". */
function WhatItDoes({ a }: { a: TAdminApproval }) {
  const { t } = useTranslation();
  if (a.adjustment) {
    const x = a.adjustment;
    return (
      <>
        {t(`admin.approvals.what.${x.direction}`, {
          amount: displayAmount(x.amount),
          currency: x.currency,
          wallet: t(`admin.wallets.${x.wallet}`),
        })}
      </>
    );
  }
  const d = a.deposit!;
  return (
    <>
      {t('admin.approvals.what.deposit', {
        amount: displayAmount(d.amount),
        currency: d.currency,
        network: d.network,
      })}
    </>
  );
}

function RejectDialog({ approval, onClose }: { approval: TAdminApproval | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(ZRejectApproval),
    defaultValues: { reason: '' },
  });
  const places: ErrorPlaces<{ reason: string }> = { ...decidePlaces, REASON_REQUIRED: 'reason' };
  const reject = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      staffApi.reject(approval!.id, reason.trim(), { handled: handledBy(places) }),
    onSuccess: () => {
      showToast(t('admin.approvals.rejected'), { icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: staffKeys.approvals });
      onClose();
    },
    onError: (error) => placeServerError(error, form.setError, places, ['reason']),
  });
  return (
    <AdminDialog title={t('admin.approvals.rejectTitle')} open={approval !== null} onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => reject.mutate(v))}
        aria-label={t('admin.approvals.rejectTitle')}
      >
        <FormField
          control={form.control}
          name="reason"
          label={t('admin.approvals.reason')}
          placeholder={t('admin.reasonPlaceholder')}
          autoComplete="off"
          maxLength={500}
        />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <FormActions
          submitText={t('admin.approvals.reject')}
          pending={reject.isPending}
          danger
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}

/**
 * Four eyes (decision 45): adjustments and manual deposits above the threshold wait here for a second
 * admin. The one who asked cannot approve; approving asks for a fresh authenticator code like any money
 * action, and executes the request once.
 */
export function ApprovalsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<TAdminApproval | null>(null);
  const approve = useMutation({
    mutationFn: (id: string) =>
      staffApi.approve(id, { handled: Object.keys(decidePlaces), idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      showToast(t('admin.approvals.approved'), { icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: staffKeys.approvals });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
    onError: (error) => {
      const code = (error as { code?: string }).code;
      if (code && code in decidePlaces) showToast(t(`errors.${code}`));
    },
  });

  const col = (id: string) => t(`admin.approvals.col.${id}`);
  const columns: Column<TAdminApproval>[] = [
    { id: 'date', header: col('date'), render: (a) => formatDateTime(a.requestedAt, 'short') },
    { id: 'by', header: col('by'), render: (a) => a.requestedBy },
    { id: 'member', header: col('member'), render: (a) => a.adjustment?.username ?? a.deposit?.username },
    { id: 'what', header: col('what'), render: (a) => <WhatItDoes a={a} /> },
    { id: 'usd', header: col('usd'), numeric: true, render: (a) => displayAmount(a.usdValue) },
    { id: 'reason', header: col('reason'), render: (a) => a.adjustment?.reason ?? a.deposit?.reason },
    {
      id: 'actions',
      header: col('actions'),
      render: (a) =>
        a.mine ? (
          <span className={styles.actions}>
            <Tag color="warning" fill="outline">
              {t('admin.approvals.yours')}
            </Tag>
            <Button size="mini" color="danger" fill="outline" onClick={() => setRejecting(a)}>
              {t('admin.approvals.withdraw')}
            </Button>
          </span>
        ) : (
          <span className={styles.actions}>
            <Button
              size="mini"
              color="primary"
              loading={approve.isPending && approve.variables === a.id}
              onClick={async () => {
                if (await confirmAction(t('admin.approvals.confirm', { who: a.requestedBy })))
                  approve.mutate(a.id);
              }}
            >
              {t('admin.approvals.approve')}
            </Button>
            <Button size="mini" color="danger" fill="outline" onClick={() => setRejecting(a)}>
              {t('admin.approvals.reject')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <Panel title={t('admin.approvals.title')} hint={t('admin.approvals.hint')}>
      <PagedTable
        caption={t('admin.approvals.title')}
        queryKey={[...staffKeys.approvals, 'pending']}
        fetchPage={(page, pageSize, signal) =>
          staffApi.approvals({ status: 'pending' }, page, pageSize, signal)
        }
        columns={columns}
        rowKey={(a) => a.id}
        pageSize={10}
      />
      <RejectDialog approval={rejecting} onClose={() => setRejecting(null)} />
    </Panel>
  );
}
