import type { TKycState } from '@app/contracts';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, InformationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { dateTimeText, intlLocale } from '../../shared/format';
import { ReceiptRows } from '../../shared/ReceiptRows';
import { countryName } from './country-names';
import { KycPictures } from './KycPictures';
import styles from './NameVerification.module.css';

const icons = {
  none: InformationCircleFill,
  pending: ClockCircleFill,
  approved: CheckCircleFill,
  rejected: CloseCircleFill,
};

/** Where the member stands: the state in words, the admin's reason when rejected, and what was sent. */
export function KycStatusCard({ state }: { state: TKycState }) {
  const { t } = useTranslation();
  const Icon = icons[state.status];
  const submission = state.submission;

  return (
    <section
      className={`${styles.card} ${styles[state.status]}`}
      data-testid="kyc-status"
      data-status={state.status}
    >
      <header className={styles.statusHead}>
        <Icon className={styles.statusIcon} aria-hidden />
        <div>
          <h2 className={styles.statusTitle}>{t(`kyc.status.${state.status}`)}</h2>
          <p className={styles.statusHint}>{t(`kyc.statusHint.${state.status}`)}</p>
        </div>
      </header>
      {submission?.reason ? (
        <div className={styles.reason} role="note" data-testid="kyc-reason">
          <span className={styles.reasonLabel}>{t('kyc.reason')}</span>
          <span>{submission.reason}</span>
        </div>
      ) : null}
      {submission ? (
        <>
          <ReceiptRows
            rows={[
              {
                id: 'country',
                label: t('kyc.field.country'),
                value: countryName(submission.country, intlLocale()),
              },
              { id: 'idType', label: t('kyc.field.idType'), value: t(`kyc.idType.${submission.idType}`) },
              { id: 'fullName', label: t('kyc.field.fullName'), value: submission.fullName },
              { id: 'idNumber', label: t('kyc.field.idNumber'), value: submission.idNumber },
              { id: 'submittedAt', label: t('kyc.submittedAt'), value: dateTimeText(submission.submittedAt) },
              ...(submission.reviewedAt
                ? [
                    {
                      id: 'reviewedAt',
                      label: t('kyc.reviewedAt'),
                      value: dateTimeText(submission.reviewedAt),
                    },
                  ]
                : []),
            ]}
          />
          <KycPictures pictures={submission.pictures} />
        </>
      ) : null}
    </section>
  );
}
