import { useTranslation } from 'react-i18next';
import { Column } from '../../shared/Column';
import { PageLayout } from '../../shared/PageLayout';
import { TransferForm } from './TransferForm';
import { TxPasswordNotice } from './TxPasswordNotice';
import { WalletPaths } from './wallet-paths';

/** Transfer: stable coins and coins to another member. */
export default function TransferPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('wallet.transfer.title')} backTo={WalletPaths.wallet}>
      <Column>
        <TxPasswordNotice outflow />
        <TransferForm mode="transfer" />
      </Column>
    </PageLayout>
  );
}
