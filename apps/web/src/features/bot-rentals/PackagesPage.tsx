import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { RecordPaths } from '../bot-records/record-paths';
import { VoucherPaths } from '../vouchers/voucher-paths';
import { TxPasswordNotice } from '../wallet/TxPasswordNotice';
import { rentalKeys, rentalsApi } from './bot-rentals.api';
import { OnboardingBanner } from './OnboardingBanner';
import { PackageCard } from './PackageCard';
import styles from './PackagesPage.module.css';
import { PurchaseSheet } from './PurchaseSheet';
import { RentalResult } from './RentalResult';
import { RentalPaths } from './rental-paths';
import { usePurchase } from './use-purchase';

/** demo4, the Trade tab: what is missing before a bot can trade, and the bot packages to rent. */
export default function PackagesPage() {
  const { t } = useTranslation();
  const packages = useQuery({
    queryKey: rentalKeys.packages,
    queryFn: ({ signal }) => rentalsApi.packages(signal),
  });
  const purchase = usePurchase();
  const list = useRef<HTMLHeadingElement>(null);
  return (
    <PageLayout title={t('rentals.packages.title')}>
      <OnboardingBanner onRent={() => list.current?.scrollIntoView({ behavior: 'smooth' })} />
      <nav className={styles.links} aria-label={t('rentals.packages.links')}>
        <Link to={RentalPaths.mine}>{t('rentals.mine.title')}</Link>
        <Link to={RentalPaths.sales}>{t('rentals.sales.title')}</Link>
        <Link to={VoucherPaths.list}>{t('rentals.vouchers.title')}</Link>
        <Link to={RecordPaths.byExchange}>{t('botRecords.bots.title')}</Link>
        <Link to={RecordPaths.summary}>{t('botRecords.links.summary')}</Link>
      </nav>
      <TxPasswordNotice />
      <h2 ref={list} id="packages" className={styles.heading}>
        {t('rentals.packages.choose')}
      </h2>
      {packages.data ? (
        packages.data.items.length > 0 ? (
          <div className={styles.grid}>
            {packages.data.items.map((pkg, index) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                index={index}
                onRent={() => purchase.start({ kind: 'rent', pkg })}
              />
            ))}
          </div>
        ) : (
          <Notice>{t('rentals.packages.none')}</Notice>
        )
      ) : (
        <LoadState failed={packages.isError} onRetry={() => void packages.refetch()} />
      )}
      <PurchaseSheet {...purchase.sheet} />
      <RentalResult {...purchase.result} />
    </PageLayout>
  );
}
