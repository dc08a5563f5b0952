import {
  KycIdTypes,
  KycPictureSides,
  type TKycPictureSide,
  type TKycState,
  type TKycSubmission,
  ZKycCountry,
  ZKycFullName,
  ZKycIdNumber,
  ZKycIdType,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import { showToast } from '../../app/toast';
import { ChoiceField } from '../../shared/ChoiceChips';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import formStyles from '../../shared/FormPage.module.css';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { ImageUploadField } from '../../shared/uploads';
import { CountryPicker } from './CountryPicker';
import { kycApi, kycKeys } from './kyc.api';
import styles from './NameVerification.module.css';

const pictureField = {
  front: 'frontUploadId',
  back: 'backUploadId',
  holding: 'holdingUploadId',
} as const satisfies Record<TKycPictureSide, string>;

const ZPicture = z.string().min(1, { message: 'REQUIRED' });

/** The submission's own rules, with a picture still missing said as "required" rather than "not found". */
const ZKycForm = z
  .object({
    country: ZKycCountry,
    idType: ZKycIdType,
    fullName: ZKycFullName,
    idNumber: ZKycIdNumber,
    frontUploadId: ZPicture,
    backUploadId: ZPicture,
    holdingUploadId: ZPicture,
  })
  .refine((v) => new Set([v.frontUploadId, v.backUploadId, v.holdingUploadId]).size === 3, {
    message: 'KYC_PICTURES_NOT_DISTINCT',
    path: ['holdingUploadId'],
  });
type TKycFormIn = z.input<typeof ZKycForm>;
type TKycForm = z.output<typeof ZKycForm>;

const places: ErrorPlaces<TKycFormIn> = {
  KYC_ID_TAKEN: 'idNumber',
  KYC_PENDING: 'root',
  KYC_ALREADY_APPROVED: 'root',
  UPLOAD_NOT_FOUND: 'root',
};
const fieldNames = ['country', 'idType', 'fullName', 'idNumber', ...Object.values(pictureField)];

const empty: TKycFormIn = {
  country: '' as TKycFormIn['country'],
  idType: 'ic',
  fullName: '',
  idNumber: '',
  frontUploadId: '',
  backUploadId: '',
  holdingUploadId: '',
};

/**
 * The KYC form (Home/submitKYC): country, ID type, name and number as on the ID, and three pictures that
 * upload as they are picked. Whether another member holds the number is told only on submit
 * (KYC_ID_TAKEN): the ID-number check answers about the member's own submission only (decision 43).
 */
export function KycForm({ previous }: { previous: TKycSubmission | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Submitting again after a rejection starts from what was sent; the pictures are taken afresh.
  const form = useForm<TKycFormIn, unknown, TKycForm>({
    resolver: zodResolver(ZKycForm),
    defaultValues: previous
      ? {
          ...empty,
          country: previous.country,
          idType: previous.idType,
          fullName: previous.fullName,
          idNumber: previous.idNumber,
        }
      : empty,
  });
  const again = previous !== null;
  const submit = useMutation({
    mutationFn: (values: TKycForm) => kycApi.submit(values, { handled: handledBy(places) }),
    onSuccess: (state: TKycState) => {
      queryClient.setQueryData(kycKeys.state, state);
      showToast(t('kyc.submitted'), { icon: 'success' });
    },
    onError: (error) => {
      placeServerError(error, form.setError, places, fieldNames);
      // Submitted meanwhile from elsewhere (another device): show where the member now stands.
      if (isApiError(error) && (error.code === 'KYC_PENDING' || error.code === 'KYC_ALREADY_APPROVED'))
        void queryClient.invalidateQueries({ queryKey: kycKeys.state });
    },
  });

  return (
    <section className={styles.card} aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title" className={styles.formTitle}>
        {t(again ? 'kyc.formAgain' : 'kyc.form')}
      </h2>
      <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))} data-testid="kyc-form">
        <FormField
          control={form.control}
          name="country"
          label={t('kyc.field.country')}
          render={(field) => (
            <CountryPicker
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(form.formState.errors.country)}
            />
          )}
        />
        <ChoiceField
          control={form.control}
          name="idType"
          label={t('kyc.field.idType')}
          options={KycIdTypes.map((value) => ({ value, label: t(`kyc.idType.${value}`) }))}
        />
        <FormField
          control={form.control}
          name="fullName"
          label={t('kyc.field.fullName')}
          placeholder={t('kyc.placeholder.fullName')}
          autoComplete="name"
          maxLength={100}
        />
        <FormField
          control={form.control}
          name="idNumber"
          label={t('kyc.field.idNumber')}
          placeholder={t('kyc.placeholder.idNumber')}
          autoComplete="off"
          maxLength={30}
        />
        <p className={styles.pictureHint}>{t('kyc.pictureHint')}</p>
        <div className={styles.uploads}>
          {KycPictureSides.map((side) => (
            <Controller
              key={side}
              control={form.control}
              name={pictureField[side]}
              render={({ field, fieldState }) => (
                <div data-testid={`kyc-upload-${side}`} className={styles.upload}>
                  <ImageUploadField
                    purpose="kyc"
                    label={t(`kyc.pictures.${side}`)}
                    value={field.value || undefined}
                    onChange={(id) => field.onChange(id ?? '')}
                  />
                  {fieldState.error ? (
                    <div className={styles.fieldError} role="alert">
                      {errorText(fieldState.error.message, 'VALIDATION_FAILED')}
                    </div>
                  ) : null}
                </div>
              )}
            />
          ))}
        </div>
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={formStyles.actions}>
          <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
            {t(again ? 'kyc.submitAgain' : 'kyc.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
