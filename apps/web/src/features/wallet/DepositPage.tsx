import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ChoiceChips } from '../../shared/ChoiceChips';
import { Column } from '../../shared/Column';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { networkFullNames } from '../../shared/network-names';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { DepositChannel } from './DepositChannel';
import { DepositItem } from './DepositItem';
import styles from './DepositPage.module.css';
import { TestFaucetButton } from './TestFaucetButton';
import { useDepositsLive } from './use-deposits-live';
import { walletApi, walletKeys } from './wallet.api';
import { useDepositInfo } from './wallet.queries';
import { WalletPaths } from './wallet-paths';

/** Where to send coins, per coin and network: the member's own address on each. */
function DepositInfo() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = useDepositInfo();
  const [picked, setPicked] = useState(params.get('currency')?.toUpperCase() ?? '');
  const [network, setNetwork] = useState('');
  if (!info.data) return <LoadState failed={info.isError} onRetry={() => void info.refetch()} />;

  const channels = info.data.channels;
  if (channels.length === 0) return <Notice testId="deposit-closed">{t('wallet.deposit.closed')}</Notice>;
  const coins = [...new Set(channels.map((c) => c.currency))];
  const coin = coins.includes(picked) ? picked : (coins[0] ?? '');
  const networks = channels.filter((c) => c.currency === coin);
  const channel = networks.find((c) => c.network === network) ?? networks[0];

  return (
    <>
      <fieldset className={styles.group}>
        <legend>{t('wallet.currency')}</legend>
        <ChoiceChips
          name="deposit-currency"
          value={coin}
          options={coins.map((c) => ({ value: c, label: c }))}
          onChange={setPicked}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('wallet.withdraw.network')}</legend>
        <ChoiceChips
          name="deposit-network"
          value={channel?.network ?? ''}
          options={networks.map((c) => ({ value: c.network, label: networkFullNames[c.network] }))}
          onChange={setNetwork}
        />
      </fieldset>
      {channel ? <DepositChannel channel={channel} /> : null}
      {channel && info.data.testFaucet ? <TestFaucetButton channel={channel} /> : null}
    </>
  );
}

/** Deposit: where to send coins, then the member's deposits. */
export default function DepositPage() {
  const { t } = useTranslation();
  useDepositsLive();
  return (
    <PageLayout title={t('wallet.deposit.title')} backTo={WalletPaths.wallet} padded={false}>
      <Column>
        <PagedList
          queryKey={walletKeys.deposits}
          fetchPage={walletApi.deposits}
          itemKey={(item) => item.id}
          renderItem={(item) => <DepositItem item={item} />}
          header={
            <div className={styles.header}>
              <div className={styles.card}>
                <DepositInfo />
              </div>
              <h2 className={styles.title}>{t('wallet.deposit.history')}</h2>
            </div>
          }
        />
      </Column>
    </PageLayout>
  );
}
