import { type TRegister, ZContact, ZRegister } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { currentLanguage } from '../../app/i18n';
import { Routes } from '../../app/navigation';
import { session } from '../../app/session';
import { meKey } from '../../app/use-me';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { PasswordFields } from '../../shared/PasswordFields';
import { handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { authApi } from './auth.api';
import { ContactFields } from './ContactFields';
import { PlacementFields } from './PlacementFields';
import { useUsernameCheck } from './register.checks';
import {
  type RegisterValues,
  registerDefaults,
  registerErrorPlaces,
  registerFieldNames,
} from './register.form';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RegisterValues, unknown, TRegister>({
    resolver: zodResolver(ZRegister),
    defaultValues: registerDefaults(params, currentLanguage()),
  });
  const usernameStatus = useUsernameCheck(form.watch('username'));

  const register = useMutation({
    mutationFn: (body: TRegister) =>
      authApi.register({ ...body, language: currentLanguage() }, handledBy(registerErrorPlaces)),
    onSuccess: ({ user }) => {
      // The server has set the session cookie: the new member is signed in.
      session.signIn(user);
      queryClient.setQueryData(meKey, user);
      navigate(Routes.home, { replace: true });
    },
    onError: (error) => placeServerError(error, form.setError, registerErrorPlaces, registerFieldNames),
  });

  const sendCode = async (): Promise<number | undefined> => {
    const contactField = form.getValues('contact.channel') === 'mobile' ? 'contact.mobile' : 'contact.email';
    if (!(await form.trigger(contactField))) return undefined;
    const contact = ZContact.safeParse(form.getValues('contact'));
    if (!contact.success) return undefined;
    try {
      const sent = await authApi.sendSignupTac(contact.data, handledBy(registerErrorPlaces));
      setSentTo(sent.destination);
      return sent.resendInSeconds;
    } catch (error) {
      placeServerError(error, form.setError, registerErrorPlaces, registerFieldNames);
      throw error;
    }
  };

  return (
    <PageLayout title={t('register.title')} backTo={Routes.intro}>
      <form
        className={styles.card}
        noValidate
        onSubmit={form.handleSubmit((values) => register.mutate(values))}
        aria-label={t('register.title')}
      >
        <FormField
          control={form.control}
          name="username"
          label={t('register.username')}
          placeholder={t('register.usernamePlaceholder')}
          autoComplete="username"
          status={usernameStatus}
        />
        <PlacementFields form={form} />
        <ContactFields form={form} onSendCode={sendCode} />
        <TacSentNote destination={sentTo} />
        <TacCodeField control={form.control} name="code" />
        <PasswordFields control={form.control} />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </div>
        <div className={styles.links}>
          <span>{t('register.haveAccount')}</span>
          <Link to={Routes.login}>{t('register.toLogin')}</Link>
        </div>
      </form>
    </PageLayout>
  );
}
