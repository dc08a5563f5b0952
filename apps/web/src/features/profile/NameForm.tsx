import { type TProfile, ZFullName } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../app/toast';
import { meKey } from '../../app/use-me';
import { FormField } from '../../shared/FormField';
import formStyles from '../../shared/FormPage.module.css';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { profileApi, profileKey } from './profile.api';

const ZNameValues = z.object({ fullName: ZFullName });
type NameValues = z.input<typeof ZNameValues>;
const places: ErrorPlaces<NameValues> = { FULL_NAME_INVALID: 'fullName' };

/** The display name: the one free-text part of the profile. */
export function NameForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<NameValues>({
    resolver: zodResolver(ZNameValues),
    defaultValues: { fullName: profile.fullName ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: NameValues) => profileApi.update(values, handledBy(places)),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      void queryClient.invalidateQueries({ queryKey: meKey });
      form.reset({ fullName: saved.fullName ?? '' });
      showToast(t('profile.saved'), { icon: 'success' });
    },
    onError: (error) => placeServerError(error, form.setError, places, ['fullName']),
  });
  return (
    <form
      className={formStyles.card}
      noValidate
      aria-label={t('profile.nameTitle')}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField
        control={form.control}
        name="fullName"
        label={t('profile.fullName')}
        placeholder={t('profile.fullNamePlaceholder')}
        autoComplete="name"
        maxLength={100}
      />
      <div className={formStyles.actions}>
        <Button block type="submit" color="primary" loading={save.isPending} data-testid="profile-save-name">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
