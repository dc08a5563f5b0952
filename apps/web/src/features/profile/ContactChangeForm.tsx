import { type TContactChange, ZContact, ZContactChange } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../app/toast';
import { meKey } from '../../app/use-me';
import { FormAlert } from '../../shared/FormAlert';
import formStyles from '../../shared/FormPage.module.css';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { ContactFields } from '../auth/ContactFields';
import { profileApi, profileKey } from './profile.api';

type ContactValues = z.input<typeof ZContactChange>;

const places: ErrorPlaces<ContactValues> = {
  EMAIL_TAKEN: 'contact.email',
  MOBILE_TAKEN: 'contact.mobile',
  CONTACT_UNCHANGED: 'root',
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
};
const fieldNames = ['contact.email', 'contact.prefix', 'contact.mobile', 'code'];
const empty: ContactValues = { contact: { channel: 'email', email: '' }, code: '' };

/**
 * A new email or mobile: the code goes to the NEW contact, which proves the member can read it. The same
 * contact fields as sign-up (prefixes included).
 */
export function ContactChangeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactValues, unknown, TContactChange>({
    resolver: zodResolver(ZContactChange),
    defaultValues: empty,
  });

  const sendCode = async (): Promise<number | undefined> => {
    const field = form.getValues('contact.channel') === 'mobile' ? 'contact.mobile' : 'contact.email';
    if (!(await form.trigger(field))) return undefined;
    const contact = ZContact.safeParse(form.getValues('contact'));
    if (!contact.success) return undefined;
    try {
      const sent = await profileApi.sendContactTac(contact.data, handledBy(places));
      setSentTo(sent.destination);
      return sent.resendInSeconds;
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
      <ContactFields form={form} onSendCode={sendCode} />
      <TacSentNote destination={sentTo} />
      <TacCodeField control={form.control} name="code" />
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
