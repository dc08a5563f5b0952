import type { KycStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './KycChip.module.css';

export const NameVerificationPath = '/pages/home/NameVerification';

/** The member's KYC state as a chip that opens the verification page. */
export function KycChip({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <Link
      to={NameVerificationPath}
      className={`${styles.chip} ${styles[status]}`}
      data-testid="kyc-chip"
      data-status={status}
    >
      {t(`profile.kyc.${status}`)}
    </Link>
  );
}
