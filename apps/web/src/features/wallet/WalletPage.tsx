import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { usdText } from '../../shared/amounts';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { ActionGrid } from './ActionGrid';
import { CurrencyCard } from './CurrencyCard';
import { TotalCard } from './TotalCard';
import { useWalletOverview } from './wallet.queries';
import { walletActions } from './wallet-actions';

/** Wallet: the USD total, the actions, then one card per coin with its four wallets. */
export default function WalletPage() {
  const { t } = useTranslation();
  const overview = useWalletOverview();
  const data = overview.data;
  return (
    <PageLayout title={t('wallet.title')} backTo={Routes.home}>
      <TotalCard
        label={t('wallet.totalUsd')}
        value={data ? t('wallet.usdAmount', { amount: usdText(data.usdTotal) }) : '…'}
      />
      <ActionGrid actions={walletActions()} />
      {data ? (
        <section aria-label={t('wallet.coins')}>
          {data.currencies.length === 0 ? <Notice>{t('wallet.noCurrencies')}</Notice> : null}
          {data.currencies.map((coin) => (
            <CurrencyCard key={coin.currency} coin={coin} />
          ))}
        </section>
      ) : (
        <LoadState failed={overview.isError} onRetry={() => void overview.refetch()} />
      )}
    </PageLayout>
  );
}
