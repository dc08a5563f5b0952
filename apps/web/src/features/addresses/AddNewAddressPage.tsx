import { type TAddressInput, ZAddressInput } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../../app/error-text';
import { showToast } from '../../app/toast';
import { Column } from '../../shared/Column';
import { FormAlert } from '../../shared/FormAlert';
import formStyles from '../../shared/FormPage.module.css';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import { handledBy, placeServerError } from '../../shared/server-errors';
import {
  type ChooseLocationState,
  formatCoordinate,
  isPickedLocation,
  LocationPaths,
} from '../location/location-paths';
import styles from './AddNewAddressPage.module.css';
import { AddressFields } from './AddressFields';
import {
  type AddressValues,
  addressErrorPlaces,
  addressFieldNames,
  draftOf,
  emptyAddress,
  valuesOf,
} from './address.form';
import { AddressPaths } from './address-paths';
import { addressesApi, addressKeys, useAddress } from './addresses.api';

interface AddressFormProps {
  id: string | null;
  initial: AddressValues;
  /** The address is the default already: that cannot be switched off, only handed to another. */
  lockDefault: boolean;
}

function AddressForm({ id, initial, lockDefault }: AddressFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<AddressValues, unknown, TAddressInput>({
    resolver: zodResolver(ZAddressInput),
    defaultValues: initial,
  });
  const latitude = form.watch('latitude');
  const longitude = form.watch('longitude');
  const hasPoint = typeof latitude === 'number' && typeof longitude === 'number';

  const save = useMutation({
    mutationFn: (body: TAddressInput) =>
      id
        ? addressesApi.update(id, body, handledBy(addressErrorPlaces))
        : addressesApi.create(body, handledBy(addressErrorPlaces)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      showToast(t('profile.address.saved'), { icon: 'success' });
      navigate(AddressPaths.list, { replace: true });
    },
    onError: (error) => placeServerError(error, form.setError, addressErrorPlaces, addressFieldNames),
  });

  const pickOnMap = () => {
    const state: ChooseLocationState = {
      returnTo: location.pathname + location.search,
      point: hasPoint ? { latitude, longitude } : null,
      draft: form.getValues(),
    };
    navigate(LocationPaths.choose, { state });
  };
  const clearPoint = () => {
    form.setValue('latitude', null);
    form.setValue('longitude', null);
  };

  return (
    <form
      className={formStyles.card}
      noValidate
      aria-label={t(id ? 'profile.address.editTitle' : 'profile.address.addTitle')}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <AddressFields form={form} lockDefault={lockDefault} />
      <div className={styles.point}>
        <span className={styles.pointLabel}>{t('profile.address.location')}</span>
        <span data-testid="address-point">
          {hasPoint
            ? t('profile.location.coordinates', {
                lat: formatCoordinate(latitude),
                lng: formatCoordinate(longitude),
              })
            : t('profile.location.noPoint')}
        </span>
        {form.formState.errors.latitude ? (
          <span className={styles.pointError} role="alert">
            {errorText(form.formState.errors.latitude.message, 'ADDRESS_COORDINATES_INVALID')}
          </span>
        ) : null}
        <div className={styles.pointActions}>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={pickOnMap}
            data-testid="address-pick-map"
          >
            <EnvironmentOutline /> {t('profile.address.pickOnMap')}
          </Button>
          {hasPoint ? (
            <Button size="small" fill="none" onClick={clearPoint}>
              {t('profile.address.clearPoint')}
            </Button>
          ) : null}
        </div>
      </div>
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <div className={formStyles.actions}>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={save.isPending}
          data-testid="address-save"
        >
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** AddNewAddress (updatecaddress): add an address, or edit one with `?id=`. */
export default function AddNewAddressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id');
  const existing = useAddress(id);
  // Back from the map: the values typed before, with the point picked there.
  const picked = isPickedLocation(location.state) ? location.state : null;
  const draft = picked ? draftOf(picked.draft) : null;
  const title = t(id ? 'profile.address.editTitle' : 'profile.address.addTitle');

  let initial: AddressValues | null = null;
  if (draft && picked)
    initial = { ...draft, latitude: picked.picked.latitude, longitude: picked.picked.longitude };
  // A new address starts in the sign-up's first country (its tel-prefix list starts with Malaysia).
  else if (!id) initial = emptyAddress('+60', 'MY');
  else if (existing.data) initial = valuesOf(existing.data);

  return (
    <PageLayout title={title} backTo={AddressPaths.list}>
      <Column>
        {initial ? (
          <AddressForm
            key={location.key}
            id={id}
            initial={initial}
            lockDefault={existing.data?.isDefault === true}
          />
        ) : (
          <LoadState failed={existing.isError} onRetry={() => void existing.refetch()} />
        )}
      </Column>
    </PageLayout>
  );
}
