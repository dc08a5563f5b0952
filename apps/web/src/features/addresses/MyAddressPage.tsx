import { AddressLimits, type TAddress } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { Column } from '../../shared/Column';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { WalletPaths } from '../wallet/wallet-paths';
import { AddressItem } from './AddressItem';
import { AddressPaths } from './address-paths';
import { addressesApi, addressKeys } from './addresses.api';
import styles from './MyAddressPage.module.css';

/**
 * MyAddress (getcaddress): the member's saved contact addresses, the default first. Crypto addresses
 * (getcraddress) are the wallet's withdrawal addresses: linked here, kept on their own page.
 */
export default function MyAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.all });

  const setDefault = useMutation({
    mutationFn: (id: string) => addressesApi.setDefault(id),
    onSuccess: () => {
      showToast(t('profile.address.defaultSet'), { icon: 'success' });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => addressesApi.remove(id),
    onSuccess: () => {
      showToast(t('profile.address.deleted'), { icon: 'success' });
      return refresh();
    },
  });
  const confirmDelete = async (address: TAddress) => {
    const yes = await Dialog.confirm({
      title: t('profile.address.deleteTitle'),
      content: t('profile.address.deleteConfirm', { name: address.name }),
      confirmText: t('profile.address.delete'),
      cancelText: t('common.cancel'),
    });
    if (yes) remove.mutate(address.id);
  };
  const busy = setDefault.isPending || remove.isPending;

  const header = (
    <div className={styles.header}>
      <p className={styles.hint}>{t('profile.address.hint', { limit: AddressLimits.perMember })}</p>
      <Button block color="primary" onClick={() => navigate(AddressPaths.edit)} data-testid="address-add">
        <AddOutline /> {t('profile.address.add')}
      </Button>
      <Link className={styles.crypto} to={WalletPaths.addresses}>
        <span>
          <strong>{t('profile.address.cryptoTitle')}</strong>
          <small>{t('profile.address.cryptoHint')}</small>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
    </div>
  );

  return (
    <PageLayout title={t('personal.menu.myAddress')} backTo={Routes.personal} padded={false}>
      <Column>
        <PagedList
          queryKey={addressKeys.list}
          fetchPage={addressesApi.page}
          itemKey={(address) => address.id}
          header={header}
          renderItem={(address) => (
            <AddressItem
              address={address}
              busy={busy}
              onEdit={() => navigate(`${AddressPaths.edit}?${new URLSearchParams({ id: address.id })}`)}
              onDelete={() => void confirmDelete(address)}
              onSetDefault={() => setDefault.mutate(address.id)}
            />
          )}
        />
      </Column>
    </PageLayout>
  );
}
