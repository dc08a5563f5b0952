import type { TMiningBuyRequest } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Choice, ChoiceChips } from '../../shared/ChoiceChips';
import { KycPaths } from '../kyc/kyc-paths';
import styles from '../purchase/PurchaseSheet.module.css';

export type Placement = TMiningBuyRequest['placement'];

/** Spec section 5: no mining purchase before the KYC is approved; the hint leads to the KYC page. */
export function KycRequiredHint() {
  const { t } = useTranslation();
  return (
    <p className={styles.hint} role="alert" data-testid="mining-kyc-required">
      {t('mining.buy.kycRequired')} <Link to={KycPaths.nameVerification}>{t('mining.buy.kycLink')}</Link>
    </p>
  );
}

/** Where bought units go: activated now, or into the member's stock. */
export function PlacementChoice({ value, onChange }: { value: Placement; onChange: (p: Placement) => void }) {
  const { t } = useTranslation();
  const choices: Choice<Placement>[] = (['activate', 'stock'] as const).map((placement) => ({
    value: placement,
    label: t(`mining.buy.placement.${placement}`),
  }));
  return (
    <fieldset className={styles.group}>
      <legend>{t('mining.buy.placementLabel')}</legend>
      <ChoiceChips name="placement" value={value} options={choices} onChange={onChange} />
    </fieldset>
  );
}
