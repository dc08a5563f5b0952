import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '../../app/use-me';
import { Notice } from './Notice';

/** Money screens ask for the transaction password: say so first when the member has none yet. */
export function TxPasswordNotice() {
  const { t } = useTranslation();
  const { user } = useMe();
  if (!user || user.hasTransactionPassword) return null;
  return (
    <Notice tone="warning">
      {t('wallet.noTxPassword')} <Link to="/pages/personal/TransactionPassword">{t('home.setTxAction')}</Link>
    </Notice>
  );
}
