import { Networks, type TNetwork } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { Column } from '../../shared/Column';
import styles from '../../shared/FormPage.module.css';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import { AddressCard } from './AddressCard';
import { TxPasswordNotice } from './TxPasswordNotice';
import { useWithdrawAddresses } from './wallet.queries';

/** WithdrawAdress: the member's withdrawal address per network, each bound once and then for good. */
export default function WithdrawAddressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('network')?.toUpperCase();
  const [open, setOpen] = useState<TNetwork | null>(
    (Networks as readonly string[]).includes(asked ?? '') ? (asked as TNetwork) : null,
  );
  const addresses = useWithdrawAddresses();
  return (
    <PageLayout title={t('wallet.addresses.title')} backTo={Routes.personal}>
      <Column>
        <p className={styles.hint}>{t('wallet.addresses.hint')}</p>
        <TxPasswordNotice outflow />
        {addresses.data ? (
          addresses.data.items.map((item) => (
            <AddressCard
              key={item.network}
              item={item}
              open={open === item.network}
              onOpen={() => setOpen(item.network)}
              onClose={() => setOpen(null)}
            />
          ))
        ) : (
          <LoadState failed={addresses.isError} onRetry={() => void addresses.refetch()} />
        )}
      </Column>
    </PageLayout>
  );
}
