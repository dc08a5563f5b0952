import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { amountText, usdText } from '../../shared/amounts';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { ActionGrid } from './ActionGrid';
import styles from './CurrencyPage.module.css';
import { KindTag } from './KindTag';
import { TotalCard } from './TotalCard';
import { WalletBalances } from './WalletBalances';
import {
  currencyOf,
  useDepositInfo,
  useExchangePairs,
  useTransferRules,
  useWalletOverview,
  useWithdrawOptions,
} from './wallet.queries';
import { type CoinAbilities, walletActions } from './wallet-actions';
import { WalletPaths } from './wallet-paths';

/** Which actions the coin has: each is known once its list has come back. */
function useAbilities(currency: string): CoinAbilities {
  const deposit = useDepositInfo().data;
  const withdraw = useWithdrawOptions().data;
  const rules = useTransferRules().data;
  const pairs = useExchangePairs().data;
  return {
    deposit: deposit?.channels.some((c) => c.currency === currency),
    withdraw: withdraw?.items.some((o) => o.currency === currency),
    transfer: rules?.items.some((r) => r.currency === currency && r.enabled),
    exchange: pairs?.items.some((p) => p.fromCurrency === currency && p.enabled),
  };
}

/** CurrencyOther: one coin, its balance in each wallet, and what can be done with it. */
export default function CurrencyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = (params.get('currency') ?? '').trim().toUpperCase();
  const overview = useWalletOverview();
  const coin = currencyOf(overview.data, code);
  const can = useAbilities(code);

  let body: ReactNode;
  if (!overview.data) {
    body = <LoadState failed={overview.isError} onRetry={() => void overview.refetch()} />;
  } else if (!coin) {
    body = (
      <>
        <Notice tone="warning">{t('wallet.unknownCurrency')}</Notice>
        <Button block color="primary" onClick={() => navigate(WalletPaths.wallet)}>
          {t('wallet.backToWallet')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <TotalCard
          label={t('wallet.coinTotal', { currency: coin.currency })}
          value={`${amountText(coin.total, coin.decimals)} ${coin.currency}`}
          sub={
            <>
              {t('wallet.usd', { amount: usdText(coin.usdValue) })}
              {' · '}
              {t('wallet.price', { currency: coin.currency, price: amountText(coin.usdPrice, 6) })}
            </>
          }
        />
        <ActionGrid actions={walletActions({ currency: coin.currency, promo: coin.kind === 'promo', can })} />
        <section className={styles.card} aria-labelledby="coin-balances">
          <div className={styles.head}>
            <h2 id="coin-balances">{t('wallet.balances')}</h2>
            <KindTag kind={coin.kind} />
          </div>
          <WalletBalances coin={coin} />
        </section>
      </>
    );
  }

  return (
    <PageLayout title={code || t('wallet.title')} backTo={WalletPaths.wallet}>
      {body}
    </PageLayout>
  );
}
