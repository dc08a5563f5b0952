import type { TCartItem, TMiningInfo, TMiningPackage } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { answerAmount } from '../../shared/amounts';
import { LoadState } from '../../shared/LoadState';
import { Marquee } from '../../shared/Marquee';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import linkStyles from '../bot-rentals/PackagesPage.module.css';
import { VoucherPaths } from '../vouchers/voucher-paths';
import { TxPasswordNotice } from '../wallet/TxPasswordNotice';
import { BuySheet } from './BuySheet';
import { CartCheckoutSheet } from './CartCheckoutSheet';
import { CartSection } from './CartSection';
import { MiningPackageCard } from './MiningPackageCard';
import styles from './MiningPage.module.css';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';

/** getinfob / ginfo: the member's hash rate and earnings, and their subscriptions. */
function MyMining({ info }: { info: TMiningInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={styles.summary} data-testid="mining-summary">
        <div>
          <dt>{t('mining.info.hashRate')}</dt>
          <dd>{t('mining.ghs', { value: info.hashRateGhs })}</dd>
        </div>
        <div>
          <dt>{t('mining.info.yesterday')}</dt>
          <dd>{info.earnings.map((e) => `${answerAmount(e.yesterday)} ${e.currency}`).join(' · ') || '0'}</dd>
        </div>
        <div>
          <dt>{t('mining.info.total')}</dt>
          <dd data-testid="mining-total">
            {info.earnings.map((e) => `${answerAmount(e.total)} ${e.currency}`).join(' · ') || '0'}
          </dd>
        </div>
      </dl>
      <p className={linkStyles.heading}>{t('mining.info.platform', { value: info.platformHashRateGhs })}</p>
      {info.subscriptions.length > 0 ? (
        <ul className={styles.subs} aria-label={t('mining.info.subscriptions')}>
          {info.subscriptions.map((s) => (
            <li
              key={s.id}
              className={s.status === 'ended' ? styles.ended : undefined}
              data-testid={`subscription-${s.id}`}
            >
              <span>
                <strong>{s.packageName}</strong> × {s.units} · {t('mining.ghs', { value: s.hashRateGhs })}
                <br />
                {t('mining.info.period', { from: s.startsOn, to: s.endsOn })} ·{' '}
                {t(`mining.info.status.${s.status}`)}
              </span>
              <span>
                {answerAmount(s.earned)} {s.minedCurrency}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The Mining tab: the member's mining, the latest sales ticker, and the packages to buy. */
export default function MiningPage() {
  const { t } = useTranslation();
  const packages = useQuery({
    queryKey: miningKeys.packages,
    queryFn: ({ signal }) => miningApi.packages(signal),
  });
  const info = useQuery({ queryKey: miningKeys.info, queryFn: ({ signal }) => miningApi.info(signal) });
  const promotions = useQuery({
    queryKey: miningKeys.promotions,
    queryFn: ({ signal }) => miningApi.promotions(signal),
  });
  const latest = useQuery({ queryKey: miningKeys.latest, queryFn: ({ signal }) => miningApi.latest(signal) });
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<{ pkg: TMiningPackage; units: number; fromCart?: true } | null>(null);
  const [checkingOut, setCheckingOut] = useState<readonly TCartItem[] | null>(null);
  const addToCart = (pkg: TMiningPackage) =>
    miningApi.putInCart(pkg.id, 1).then(
      (cart) => {
        queryClient.setQueryData(miningKeys.cart, cart);
        Toast.show({ icon: 'success', content: t('mining.cart.added') });
      },
      () => Toast.show({ icon: 'fail', content: t('mining.cart.failed') }),
    );
  const sales = (latest.data?.items ?? []).map((s) =>
    t('mining.latest.line', { name: s.maskedName, units: s.units, pkg: s.packageName }),
  );
  return (
    <PageLayout title={t('mining.title')}>
      <nav className={linkStyles.links} aria-label={t('mining.links')}>
        <Link to={MiningPaths.stock}>{t('mining.stock.title')}</Link>
        <Link to={MiningPaths.sales}>{t('mining.sales.title')}</Link>
        <Link to={VoucherPaths.list}>{t('mining.vouchers')}</Link>
      </nav>
      {sales.length > 0 ? (
        <div className={styles.ticker}>
          <Marquee items={sales} label={t('mining.latest.label')} icon={<SoundOutline />} />
        </div>
      ) : null}
      {(promotions.data?.items ?? []).map((p) => (
        <Notice key={p.id}>
          <strong>{p.title}</strong> {p.body}
        </Notice>
      ))}
      {info.data ? <MyMining info={info.data} /> : null}
      <CartSection
        packages={packages.data?.items ?? []}
        onBuy={(pkg, units) => setBuying({ pkg, units, fromCart: true })}
        onCheckout={setCheckingOut}
      />
      <TxPasswordNotice />
      <h2 className={linkStyles.heading}>{t('mining.choose')}</h2>
      {packages.data ? (
        packages.data.items.length > 0 ? (
          <div className={linkStyles.grid}>
            {packages.data.items.map((pkg, index) => (
              <MiningPackageCard
                key={pkg.id}
                pkg={pkg}
                index={index}
                onBuy={() => setBuying({ pkg, units: 1 })}
                onCart={() => void addToCart(pkg)}
              />
            ))}
          </div>
        ) : (
          <Notice>{t('mining.none')}</Notice>
        )
      ) : (
        <LoadState failed={packages.isError} onRetry={() => void packages.refetch()} />
      )}
      <BuySheet
        pkg={buying?.pkg ?? null}
        units={buying?.units ?? 1}
        fromCart={buying?.fromCart === true}
        onClose={() => setBuying(null)}
        onDone={(receipt) => {
          // The purchase's own transaction took it out of the cart; the purchase flow refreshes the cart.
          setBuying(null);
          Toast.show({ icon: 'success', content: t('mining.buy.done', { units: receipt.purchase.units }) });
        }}
      />
      <CartCheckoutSheet
        items={checkingOut}
        onClose={() => setCheckingOut(null)}
        onDone={(receipt) => {
          // The server took the bought packages out of the cart in the same transaction.
          void queryClient.invalidateQueries({ queryKey: miningKeys.cart });
          setCheckingOut(null);
          Toast.show({
            icon: 'success',
            content: t('mining.checkout.done', { count: receipt.purchases.length }),
          });
        }}
      />
    </PageLayout>
  );
}
