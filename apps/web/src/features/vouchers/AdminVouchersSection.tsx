import {
  type TAdminVoucher,
  type TVoucherState,
  VoucherMaxValidDays,
  VoucherStates,
  ZIssueVouchers,
} from '@app/contracts';
import { parseAmount } from '@app/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { FormAlert } from '../../shared/FormAlert';
import { FormField, fieldId } from '../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { useCurrencies } from '../admin/admin.api';
import { formatDateTime, shortText, splitUsernames } from '../admin/admin-format';
import { ChoiceFilter } from '../admin/ChoiceFilter';
import type { Column } from '../admin/DataTable';
import { FormActions } from '../admin/FormActions';
import { PagedTable } from '../admin/PagedTable';
import { Panel } from '../admin/Panel';
import { SectionFrame } from '../admin/SectionFrame';
import { SelectorField } from '../admin/SelectorField';
import styles from './AdminVouchersSection.module.css';
import { voucherLabel } from './voucher-text';
import { voucherKeys, vouchersApi } from './vouchers.api';

const ANY = 'ANY';

/** The rate as a percentage with up to two decimals ("12.5"), turned into basis points without a float. */
const percentToBps = (text: string): number | null => {
  const parsed = parseAmount(text.trim(), 2);
  return parsed.ok && parsed.value <= 10_000n ? Number(parsed.value) : null;
};

// What the admin types: names as text, the rate as a percentage, the days as text; checked as the server
// would check the request they become.
const ZIssueForm = z
  .object({
    usernames: z
      .string()
      .refine((text) => ZIssueVouchers.shape.usernames.safeParse(splitUsernames(text)).success, 'REQUIRED'),
    percent: z.string().refine((text) => percentToBps(text) !== null, 'VOUCHER_DISCOUNT_INVALID'),
    currency: z.string(),
    maxDiscount: z.string().trim(),
    validDays: z
      .string()
      .regex(/^\d{1,4}$/, 'VOUCHER_VALIDITY_INVALID')
      .refine((d) => Number(d) >= 1 && Number(d) <= VoucherMaxValidDays, 'VOUCHER_VALIDITY_INVALID'),
  })
  .refine((v) => v.maxDiscount === '' || v.currency !== ANY, {
    message: 'VOUCHER_CAP_NEEDS_CURRENCY',
    path: ['currency'],
  });
type IssueValues = z.infer<typeof ZIssueForm>;

const empty: IssueValues = { usernames: '', percent: '', currency: ANY, maxDiscount: '', validDays: '30' };
const fieldNames = ['usernames', 'currency', 'maxDiscount', 'validDays'];
const places: ErrorPlaces<IssueValues> = {
  MEMBER_NOT_FOUND: 'usernames',
  CURRENCY_UNKNOWN: 'currency',
  AMOUNT_INVALID: 'maxDiscount',
  AMOUNT_TOO_PRECISE: 'maxDiscount',
  AMOUNT_NOT_POSITIVE: 'maxDiscount',
  AMOUNT_TOO_LARGE: 'maxDiscount',
};

function IssueForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies().data ?? [];
  const form = useForm<IssueValues>({ resolver: zodResolver(ZIssueForm), defaultValues: empty });
  const count = splitUsernames(form.watch('usernames')).length;
  const [missing, setMissing] = useState<string[]>([]);
  const [issued, setIssued] = useState<number | null>(null);

  const issue = useMutation({
    mutationFn: (values: IssueValues) =>
      vouchersApi.issue(
        {
          usernames: splitUsernames(values.usernames),
          discountBps: percentToBps(values.percent) ?? 0,
          validDays: Number(values.validDays),
          ...(values.currency !== ANY ? { currency: values.currency } : {}),
          ...(values.maxDiscount ? { maxDiscount: values.maxDiscount } : {}),
        },
        handledBy(places),
      ),
    onSuccess: (result) => {
      setIssued(result.items.length);
      form.reset(empty);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
    onError: (error) => {
      const names = isApiError(error) ? error.details.usernames : undefined;
      setMissing(Array.isArray(names) ? names.map(String) : []);
      placeServerError(error, form.setError, places, fieldNames);
    },
  });

  return (
    <form
      noValidate
      aria-label={t('rentals.admin.vouchers.issue')}
      onSubmit={form.handleSubmit((values) => {
        setMissing([]);
        setIssued(null);
        issue.mutate(values);
      })}
    >
      <FormField
        control={form.control}
        name="usernames"
        label={t('rentals.admin.vouchers.usernames')}
        status={{ tone: 'info', text: t('rentals.admin.vouchers.count', { count }) }}
        render={(field) => (
          <>
            {/* The legend names the group; this names the text box itself for screen readers. */}
            <label htmlFor={fieldId('usernames')} className={styles.hidden}>
              {t('rentals.admin.vouchers.usernames')}
            </label>
            <TextArea
              id={fieldId('usernames')}
              placeholder={t('rentals.admin.vouchers.usernamesPlaceholder')}
              rows={3}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </>
        )}
      />
      <div className={styles.row}>
        <FormField
          control={form.control}
          name="percent"
          label={t('rentals.admin.vouchers.percent')}
          placeholder="10"
          inputMode="decimal"
          autoComplete="off"
        />
        <FormField
          control={form.control}
          name="validDays"
          label={t('rentals.admin.vouchers.validDays')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <SelectorField
        control={form.control}
        name="currency"
        label={t('rentals.admin.vouchers.currency')}
        options={[
          { value: ANY, label: t('rentals.admin.vouchers.anyCurrency') },
          ...currencies.filter((c) => c.kind === 'stable').map((c) => ({ value: c.code, label: c.code })),
        ]}
      />
      <FormField
        control={form.control}
        name="maxDiscount"
        label={t('rentals.admin.vouchers.maxDiscount')}
        placeholder={t('rentals.admin.vouchers.maxDiscountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
      />
      <FormAlert
        code={issued === null ? form.formState.errors.root?.server?.message : undefined}
        extra={missing.length > 0 ? missing.join(', ') : undefined}
      />
      {issued !== null ? (
        <p className={styles.done} role="status" data-testid="vouchers-issued">
          {t('rentals.admin.vouchers.issued', { count: issued })}
        </p>
      ) : null}
      <FormActions submitText={t('rentals.admin.vouchers.submit')} pending={issue.isPending} />
    </form>
  );
}

type Filter = TVoucherState | 'all';

/** The admin's vouchers: issue to one or several members, and every member's vouchers by state. */
export default function AdminVouchersSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<Filter>('all');
  const columns: Column<TAdminVoucher>[] = [
    { id: 'member', header: t('rentals.admin.vouchers.member'), render: (v) => v.username },
    { id: 'code', header: t('rentals.admin.vouchers.code'), render: (v) => v.code },
    { id: 'rate', header: t('rentals.admin.vouchers.rate'), render: (v) => voucherLabel(t, v) },
    {
      id: 'state',
      header: t('rentals.admin.vouchers.state'),
      render: (v) => t(`rentals.vouchers.states.${v.state}`),
    },
    {
      id: 'expires',
      header: t('rentals.admin.vouchers.expires'),
      render: (v) => formatDateTime(v.expiresAt, 'short'),
    },
    {
      id: 'used',
      header: t('rentals.admin.vouchers.usedFor'),
      // The purchase reference is long: its kind and the end of its id are enough to find it again.
      render: (v) =>
        v.usedAt ? `${formatDateTime(v.usedAt, 'short')} · ${shortText(v.usedFor ?? '', 20, 6)}` : '—',
    },
    { id: 'by', header: t('rentals.admin.vouchers.issuedBy'), render: (v) => v.issuedBy ?? '—' },
  ];
  return (
    <SectionFrame title={t('admin.sections.vouchers')} intro={t('rentals.admin.vouchers.intro')}>
      <div className={styles.layout}>
        <Panel title={t('rentals.admin.vouchers.issue')} hint={t('rentals.admin.vouchers.issueHint')}>
          <IssueForm />
        </Panel>
        <Panel title={t('rentals.admin.vouchers.list')}>
          <ChoiceFilter
            label={t('rentals.admin.vouchers.state')}
            options={(['all', ...VoucherStates] as const).map((s) => ({
              value: s,
              label: s === 'all' ? t('rentals.admin.vouchers.all') : t(`rentals.vouchers.states.${s}`),
            }))}
            value={state}
            onChange={setState}
          />
          <PagedTable
            caption={t('rentals.admin.vouchers.list')}
            queryKey={voucherKeys.admin(state === 'all' ? {} : { state })}
            fetchPage={(page, pageSize, signal) =>
              vouchersApi.adminList({ page, pageSize, ...(state === 'all' ? {} : { state }) }, signal)
            }
            columns={columns}
            rowKey={(v) => v.id}
          />
        </Panel>
      </div>
    </SectionFrame>
  );
}
