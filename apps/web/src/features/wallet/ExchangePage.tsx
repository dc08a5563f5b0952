import { useTranslation } from 'react-i18next';
import { Column } from '../../shared/Column';
import { PageLayout } from '../../shared/PageLayout';
import { ExchangeForm } from './ExchangeForm';
import { TxPasswordNotice } from './TxPasswordNotice';
import { WalletPaths } from './wallet-paths';

/** Exchange: one coin and wallet into another at the pair's rate, less its fee. */
export default function ExchangePage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('wallet.exchange.title')} backTo={WalletPaths.wallet}>
      <Column>
        <TxPasswordNotice />
        <ExchangeForm />
      </Column>
    </PageLayout>
  );
}
