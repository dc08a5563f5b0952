import { type TAdminKycDetail, ZKycRejectRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { showToast } from '../../app/toast';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { intlLocale } from '../../shared/format';
import { LoadState } from '../../shared/LoadState';
import { ReceiptRows } from '../../shared/ReceiptRows';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AdminDialog } from '../admin/AdminDialog';
import { formatDateTime } from '../admin/admin-format';
import { AdminPaths } from '../admin/admin-paths';
import { confirmAction } from '../admin/confirm-action';
import { FormActions } from '../admin/FormActions';
import { SectionFrame } from '../admin/SectionFrame';
import { StatusTag } from '../admin/StatusTag';
import styles from './AdminKyc.module.css';
import { countryName } from './country-names';
import { KycPictures } from './KycPictures';
import { kycApi, kycKeys, useAdminKycDetail } from './kyc.api';

type TReject = z.input<typeof ZKycRejectRequest>;
const rejectPlaces: ErrorPlaces<TReject> = { KYC_NOT_PENDING: 'root', KYC_NOT_FOUND: 'root' };

/** Why the submission is turned down, in words the member will read (it goes into their notification). */
function RejectForm({
  id,
  onDone,
  onCancel,
}: {
  id: string;
  onDone: (d: TAdminKycDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<TReject, unknown, z.output<typeof ZKycRejectRequest>>({
    resolver: zodResolver(ZKycRejectRequest),
    defaultValues: { reason: '' },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => kycApi.reject(id, reason, { handled: handledBy(rejectPlaces) }),
    onSuccess: onDone,
    onError: (error) => placeServerError(error, form.setError, rejectPlaces, ['reason']),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => reject.mutate(v.reason))}
      data-testid="kyc-reject-form"
    >
      <p className={styles.hint}>{t('kyc.admin.rejectHint')}</p>
      <FormField
        control={form.control}
        name="reason"
        label={t('kyc.admin.reason')}
        placeholder={t('kyc.admin.reasonPlaceholder')}
        autoComplete="off"
        maxLength={500}
      />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions submitText={t('kyc.admin.reject')} pending={reject.isPending} danger onCancel={onCancel} />
    </form>
  );
}

function Decision({ detail }: { detail: TAdminKycDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const decided = (next: TAdminKycDetail) => {
    queryClient.setQueryData(kycKeys.adminDetail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: kycKeys.admin });
    showToast(t(`kyc.admin.done.${next.status}`), { icon: 'success' });
    setRejecting(false);
  };
  const approve = useMutation({
    mutationFn: () => kycApi.approve(detail.id, { handled: [] }),
    onSuccess: decided,
    // Decided elsewhere in the meantime: show what it is now (the API client said why).
    onError: () => void queryClient.invalidateQueries({ queryKey: kycKeys.adminDetail(detail.id) }),
  });
  if (detail.status !== 'pending') return null;
  return (
    <div className={styles.decision}>
      <Button
        color="primary"
        loading={approve.isPending}
        onClick={async () => {
          if (await confirmAction(t('kyc.admin.approveConfirm', { member: detail.username })))
            approve.mutate();
        }}
        data-testid="kyc-approve"
      >
        {t('kyc.admin.approve')}
      </Button>
      <Button color="danger" fill="outline" onClick={() => setRejecting(true)} data-testid="kyc-reject">
        {t('kyc.admin.reject')}
      </Button>
      <AdminDialog title={t('kyc.admin.rejectTitle')} open={rejecting} onClose={() => setRejecting(false)}>
        <RejectForm id={detail.id} onDone={decided} onCancel={() => setRejecting(false)} />
      </AdminDialog>
    </div>
  );
}

/** One submission under review: the three pictures large and side by side, what was declared, the decision. */
export default function AdminKycReview() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const detail = useAdminKycDetail(id);
  const d = detail.data;

  let body: ReactNode;
  if (isApiError(detail.error) && detail.error.status < 500) {
    body = <p className={styles.missing}>{t('errors.KYC_NOT_FOUND')}</p>;
  } else if (!d) {
    body = <LoadState failed={detail.isError} onRetry={() => void detail.refetch()} />;
  } else {
    body = (
      <div className={styles.review} data-testid="kyc-review" data-status={d.status}>
        <KycPictures pictures={d.pictures} large />
        <div className={styles.facts}>
          <div className={styles.statusLine}>
            <StatusTag status={d.status} />
            {d.earlierSubmissions > 0 ? (
              <span className={styles.earlier}>
                {t('kyc.admin.earlier', { count: d.earlierSubmissions })}
              </span>
            ) : null}
          </div>
          <ReceiptRows
            rows={[
              { id: 'member', label: t('kyc.admin.col.member'), value: d.username },
              {
                id: 'country',
                label: t('kyc.field.country'),
                value: `${countryName(d.country, intlLocale())} (${d.country})`,
              },
              { id: 'idType', label: t('kyc.field.idType'), value: t(`kyc.idType.${d.idType}`) },
              { id: 'fullName', label: t('kyc.field.fullName'), value: d.fullName },
              { id: 'idNumber', label: t('kyc.field.idNumber'), value: <code>{d.idNumber}</code> },
              { id: 'submittedAt', label: t('kyc.submittedAt'), value: formatDateTime(d.submittedAt) },
              ...(d.reviewedAt
                ? [
                    { id: 'reviewedAt', label: t('kyc.reviewedAt'), value: formatDateTime(d.reviewedAt) },
                    { id: 'reviewedBy', label: t('kyc.admin.reviewedBy'), value: d.reviewedBy ?? '' },
                  ]
                : []),
              ...(d.reason ? [{ id: 'reason', label: t('kyc.reason'), value: d.reason }] : []),
            ]}
          />
          <Decision detail={d} />
        </div>
      </div>
    );
  }

  return (
    <SectionFrame title={t('kyc.admin.reviewTitle')}>
      <Link to={AdminPaths.kyc} className={styles.back}>
        <LeftOutline /> {t('kyc.admin.backToQueue')}
      </Link>
      {body}
    </SectionFrame>
  );
}
