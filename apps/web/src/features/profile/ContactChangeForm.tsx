import { type TContactChange, ZContact, ZContactChange } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../app/toast';
import { meKey } from '../../app/use-me';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import formStyles from '../../shared/FormPage.module.css';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { CredentialChangeNote } from '../account/CredentialChangeNote';
import { ContactFields } from '../auth/ContactFields';
import { moneyHoldKey } from '../wallet/money-hold';
import { profileApi, profileKey } from './profile.api';

type ContactValues = z.input<typeof ZContactChange>;

const places: ErrorPlaces<ContactValues> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  EMAIL_TAKEN: 'contact.email',
  MOBILE_TAKEN: 'contact.mobile',
  CONTACT_UNCHANGED: 'root',
  CONTACT_MISSING: 'root',
  // The server names which of the two codes it refused (details.field); this is where neither is named.
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
};
const fieldNames = [
  'currentPassword',
  'contact.email',
  'contact.prefix',
  'contact.mobile',
  'currentCode',
  'code',
];
const empty: ContactValues = {
  contact: { channel: 'email', email: '' },
  currentPassword: '',
  currentCode: '',
  code: '',
};

/**
 * A new email or mobile (step-up, decision 42): the login password, then one code to the CURRENT contact
 * (it is the member) and one to the NEW contact (they can read it there). The same contact fields as
 * sign-up (prefixes included).
 */
export function ContactChangeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<{ current: string; next: string } | null>(null);
  const form = useForm<ContactValues, unknown, TContactChange>({
    resolver: zodResolver(ZContactChange),
    defaultValues: empty,
  });

  const sendCode = async (): Promise<number | undefined> => {
    const field = form.getValues('contact.channel') === 'mobile' ? 'contact.mobile' : 'contact.email';
    // Nothing is sent without the login password: ask for both before the request.
    if (!(await form.trigger(['currentPassword', field]))) return undefined;
    const contact = ZContact.safeParse(form.getValues('contact'));
    if (!contact.success) return undefined;
    try {
      const sent = await profileApi.sendContactTac(
        { contact: contact.data, currentPassword: form.getValues('currentPassword') },
        handledBy(places),
      );
      setSentTo({ current: sent.toCurrent.destination, next: sent.toNew.destination });
      return sent.toNew.resendInSeconds;
    } catch (error) {
      placeServerError(error, form.setError, places, fieldNames);
      throw error;
    }
  };

  const change = useMutation({
    mutationFn: (body: TContactChange) => profileApi.changeContact(body, handledBy(places)),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      void queryClient.invalidateQueries({ queryKey: meKey });
      void queryClient.invalidateQueries({ queryKey: moneyHoldKey });
      form.reset(empty);
      setSentTo(null);
      showToast(t('profile.contactChanged'), { icon: 'success' });
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const rootError = form.formState.errors.root?.server?.message;
  return (
    <form
      className={formStyles.card}
      noValidate
      aria-label={t('profile.contactTitle')}
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <p className={formStyles.hint}>{t('profile.contactHint')}</p>
      <FormField
        control={form.control}
        name="currentPassword"
        label={t('profile.loginPassword')}
        placeholder={t('loginPassword.currentPlaceholder')}
        type="password"
        autoComplete="current-password"
      />
      <ContactFields form={form} onSendCode={sendCode} />
      <TacSentNote destination={sentTo?.current ?? null} />
      <TacCodeField control={form.control} name="currentCode" label={t('profile.currentCode')} />
      <TacSentNote destination={sentTo?.next ?? null} />
      <TacCodeField control={form.control} name="code" label={t('profile.newCode')} />
      <CredentialChangeNote />
      <FormAlert code={rootError} />
      <div className={formStyles.actions}>
        <Button
          block
          type="submit"
          color="primary"
          loading={change.isPending}
          data-testid="profile-change-contact"
        >
          {t('profile.changeContact')}
        </Button>
      </div>
    </form>
  );
}
