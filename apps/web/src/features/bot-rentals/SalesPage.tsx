import type { TRentalPurchase } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { rentalKeys, rentalsApi } from './bot-rentals.api';
import { RentalPaths } from './rental-paths';
import styles from './SalesPage.module.css';

function PurchaseItem({ purchase }: { purchase: TRentalPurchase }) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid={`purchase-${purchase.id}`}>
      <div className={styles.line}>
        <strong>
          {t(`rentals.sales.kinds.${purchase.kind}`)} · {purchase.packageName}
        </strong>
        <span className={styles.paid}>
          -{answerAmount(purchase.paid)} {purchase.currency}
        </span>
      </div>
      <div className={styles.line}>
        <span>{dateTimeText(purchase.createdAt)}</span>
        <span>{t(`wallet.wallets.${purchase.wallet}`)}</span>
      </div>
      {purchase.voucherCode ? (
        <div className={styles.line}>
          <span>{t('rentals.sales.voucher', { code: purchase.voucherCode })}</span>
          <span>
            -{answerAmount(purchase.discount)} {purchase.currency}
          </span>
        </div>
      ) : null}
      {purchase.kind === 'topup' ? (
        <div className={styles.line}>
          <span>{t('rentals.sales.capitalAdded')}</span>
          <span>
            +{answerAmount(purchase.capitalAdded)} {purchase.currency}
          </span>
        </div>
      ) : (
        <div className={styles.line}>
          <span>{t('rentals.sales.daysAdded')}</span>
          <span>{t('rentals.mine.days', { count: purchase.daysAdded })}</span>
        </div>
      )}
    </article>
  );
}

/** Sales (memberSales): every payment for the member's rentals, newest first. */
export default function SalesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('rentals.sales.title')} backTo={RentalPaths.packages} padded={false}>
      <PagedList
        queryKey={rentalKeys.purchases}
        fetchPage={(page, pageSize) => rentalsApi.purchases(page, pageSize)}
        itemKey={(purchase) => purchase.id}
        renderItem={(purchase) => <PurchaseItem purchase={purchase} />}
      />
    </PageLayout>
  );
}
