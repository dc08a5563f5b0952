import type { TNetwork } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './AddressLine.module.css';
import { linkTo, WalletPaths } from './wallet-paths';

/** Where a withdrawal on this network goes: the bound address, or the way to bind one. */
export function AddressLine({ network, address }: { network: TNetwork; address: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.line}>
      <div className={styles.label}>{t('wallet.withdraw.address')}</div>
      {address ? (
        <div className={styles.address} data-testid="withdraw-address">
          {address}
        </div>
      ) : (
        <div className={styles.missing}>
          {t('wallet.withdraw.noAddress', { network })}{' '}
          <Link to={linkTo(WalletPaths.addresses, { network })}>
            {t('wallet.withdraw.bindAddress', { network })}
          </Link>
        </div>
      )}
    </div>
  );
}
