import type { TAddress } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { locationLink } from '../location/location-paths';
import styles from './AddressItem.module.css';
import { addressLines } from './address-text';

interface AddressItemProps {
  address: TAddress;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
  busy: boolean;
}

/** One saved address: who and where, the default badge, and its actions. */
export function AddressItem({ address, onEdit, onDelete, onSetDefault, busy }: AddressItemProps) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid="address-item" data-default={address.isDefault}>
      <header className={styles.head}>
        <strong className={styles.name}>{address.name}</strong>
        <span className={styles.phone}>{`${address.phonePrefix} ${address.phone}`}</span>
        {address.isDefault ? (
          <Tag color="primary" fill="outline" data-testid="address-default">
            {t('profile.address.default')}
          </Tag>
        ) : null}
      </header>
      <address className={styles.lines}>
        {addressLines(address).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      {address.latitude !== null && address.longitude !== null ? (
        <Link
          className={styles.map}
          to={locationLink({ latitude: address.latitude, longitude: address.longitude })}
        >
          {t('profile.address.viewOnMap')}
        </Link>
      ) : null}
      <footer className={styles.actions}>
        {address.isDefault ? null : (
          <Button size="small" fill="none" color="primary" disabled={busy} onClick={onSetDefault}>
            {t('profile.address.setDefault')}
          </Button>
        )}
        <Button size="small" fill="none" color="primary" disabled={busy} onClick={onEdit}>
          {t('profile.address.edit')}
        </Button>
        <Button size="small" fill="none" color="danger" disabled={busy} onClick={onDelete}>
          {t('profile.address.delete')}
        </Button>
      </footer>
    </article>
  );
}
