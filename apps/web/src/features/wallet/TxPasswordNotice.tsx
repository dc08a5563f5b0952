import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '../../app/use-me';
import { Notice } from '../../shared/Notice';
import { MoneyHoldNotice } from './MoneyHoldNotice';

/**
 * Money screens ask for the transaction password: say so first when the member has none yet, and say
 * when money actions wait (a lock after wrong passwords; on `outflow` screens, a hold after a credential
 * change).
 */
export function TxPasswordNotice({ outflow = false }: { outflow?: boolean }) {
  const { t } = useTranslation();
  const { user } = useMe();
  return (
    <>
      {user && !user.hasTransactionPassword ? (
        <Notice tone="warning">
          {t('wallet.noTxPassword')}{' '}
          <Link to="/pages/personal/TransactionPassword">{t('home.setTxAction')}</Link>
        </Notice>
      ) : null}
      <MoneyHoldNotice outflow={outflow} />
    </>
  );
}
