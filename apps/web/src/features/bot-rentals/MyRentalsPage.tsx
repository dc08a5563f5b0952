import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { rentalKeys, rentalsApi } from './bot-rentals.api';
import styles from './MyRentalsPage.module.css';
import { PurchaseSheet } from './PurchaseSheet';
import { RentalCard } from './RentalCard';
import { RentalResult } from './RentalResult';
import { RentalPaths } from './rental-paths';
import { usePurchase } from './use-purchase';

/** mytrade (getmytrade): the member's rentals, running ones first, with renew and top up. */
export default function MyRentalsPage() {
  const { t } = useTranslation();
  const rentals = useQuery({ queryKey: rentalKeys.mine, queryFn: ({ signal }) => rentalsApi.mine(signal) });
  const purchase = usePurchase();
  return (
    <PageLayout title={t('rentals.mine.title')} backTo={RentalPaths.packages}>
      {rentals.data ? (
        rentals.data.items.length > 0 ? (
          <div className={styles.list}>
            {rentals.data.items.map((rental) => (
              <RentalCard
                key={rental.id}
                rental={rental}
                onRenew={() => purchase.start({ kind: 'renew', rental })}
                onTopUp={() => purchase.start({ kind: 'topup', rental })}
              />
            ))}
          </div>
        ) : (
          <Notice>
            {t('rentals.mine.none')} <Link to={RentalPaths.packages}>{t('rentals.mine.rentOne')}</Link>
          </Notice>
        )
      ) : (
        <LoadState failed={rentals.isError} onRetry={() => void rentals.refetch()} />
      )}
      <PurchaseSheet {...purchase.sheet} />
      <RentalResult {...purchase.result} />
    </PageLayout>
  );
}
