import { useTranslation } from 'react-i18next';
import { Column } from '../../shared/Column';
import { PageLayout } from '../../shared/PageLayout';
import { TransferForm } from './TransferForm';
import { TxPasswordNotice } from './TxPasswordNotice';
import { WalletPaths } from './wallet-paths';

/** Airdrop: promotional coins passed on to another member, Funds wallet to Funds wallet. */
export default function AirdropPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('wallet.airdrop.title')} backTo={WalletPaths.wallet}>
      <Column>
        <TxPasswordNotice outflow />
        <TransferForm mode="airdrop" />
      </Column>
    </PageLayout>
  );
}
