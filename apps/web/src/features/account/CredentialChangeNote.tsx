import { useTranslation } from 'react-i18next';
import styles from '../../shared/FormPage.module.css';
import { useMoneyHold } from '../wallet/money-hold';

/** What follows a credential change, said before it is made: other devices sign out, money waits. */
export function CredentialChangeNote() {
  const { t } = useTranslation();
  const hours = useMoneyHold().data?.holdHours;
  if (hours === undefined) return null;
  return (
    <p className={styles.hint} data-testid="credential-change-note">
      {hours > 0 ? t('moneyHold.afterChange', { count: hours }) : t('moneyHold.afterChangeNoHold')}
    </p>
  );
}
