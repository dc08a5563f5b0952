import type { TWithdrawalAddress } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './AddressCard.module.css';
import { BindAddressForm } from './BindAddressForm';

interface AddressCardProps {
  item: TWithdrawalAddress;
  /** The bind form is open on this card. */
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** One network: its bound address (for good), or a button that opens the form to bind one. */
export function AddressCard({ item, open, onOpen, onClose }: AddressCardProps) {
  const { t } = useTranslation();
  return (
    <section
      className={styles.card}
      aria-labelledby={`network-${item.network}`}
      data-testid={`address-${item.network}`}
    >
      <div className={styles.head}>
        <h2 id={`network-${item.network}`}>{item.network}</h2>
        {item.address ? (
          <Tag color="success" fill="outline">
            <LockOutline aria-hidden="true" /> {t('wallet.addresses.bound')}
          </Tag>
        ) : (
          <Tag color="default" fill="outline">
            {t('wallet.addresses.notBound')}
          </Tag>
        )}
      </div>
      {item.address ? (
        <>
          <div className={styles.address}>{item.address}</div>
          {item.boundAt ? (
            <div className={styles.meta}>
              {t('wallet.addresses.boundAt', { date: dateTimeText(item.boundAt) })}
            </div>
          ) : null}
        </>
      ) : open ? (
        <BindAddressForm network={item.network} onCancel={onClose} />
      ) : (
        <Button block color="primary" fill="outline" onClick={onOpen}>
          {t('wallet.addresses.bindNetwork', { network: item.network })}
        </Button>
      )}
    </section>
  );
}
