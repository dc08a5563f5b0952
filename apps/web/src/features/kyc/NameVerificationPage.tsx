import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import { KycForm } from './KycForm';
import { KycStatusCard } from './KycStatusCard';
import { useKycState } from './kyc.api';
import styles from './NameVerification.module.css';

/**
 * /pages/home/NameVerification: the member's identity verification. The state comes first; the form is
 * there only while the member may submit (never verified, or rejected: "submit again").
 */
export default function NameVerificationPage() {
  const { t } = useTranslation();
  const state = useKycState();
  const status = state.data?.status;
  return (
    <PageLayout title={t('kyc.title')} backTo={Routes.personal}>
      {state.data ? (
        <div className={styles.stack}>
          <KycStatusCard state={state.data} />
          {status === 'none' || status === 'rejected' ? <KycForm previous={state.data.submission} /> : null}
        </div>
      ) : (
        <LoadState failed={state.isError} onRetry={() => void state.refetch()} />
      )}
    </PageLayout>
  );
}
