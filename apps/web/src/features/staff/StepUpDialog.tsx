import { ZTotpCode } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { stepUp } from '../../app/step-up';
import { FormAlert } from '../../shared/FormAlert';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AdminDialog } from '../admin/AdminDialog';
import { FormActions } from '../admin/FormActions';
import styles from './StepUpDialog.module.css';
import { staffApi } from './staff.api';
import { TotpCodeField } from './TotpCodeField';

interface CodeValues {
  code: string;
}
const schema = z.object({ code: ZTotpCode });
const places: ErrorPlaces<CodeValues> = { TOTP_INVALID: 'code', TOTP_CODE_USED: 'code', TOTP_LOCKED: 'root' };

/**
 * Asks for a fresh authenticator code when an admin money action was refused for want of one (decision 45),
 * then lets the action go again. Mounted once by the admin layout, which is where money actions are.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const form = useForm<CodeValues>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  useEffect(
    () =>
      stepUp.register(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            form.reset({ code: '' });
            setOpen(true);
          }),
      ),
    [form],
  );

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const send = useMutation({
    mutationFn: ({ code }: CodeValues) =>
      staffApi.stepUp({ code: code.trim() }, { handled: handledBy(places) }),
    onSuccess: () => finish(true),
    onError: (error) => placeServerError(error, form.setError, places, ['code']),
  });

  return (
    <AdminDialog title={t('staff.stepUp.title')} open={open} onClose={() => finish(false)}>
      <form
        noValidate
        aria-label={t('staff.stepUp.title')}
        onSubmit={form.handleSubmit((v) => send.mutate(v))}
      >
        <p className={styles.hint}>{t('staff.stepUp.hint')}</p>
        <TotpCodeField control={form.control} name="code" />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <FormActions
          submitText={t('staff.stepUp.submit')}
          pending={send.isPending}
          onCancel={() => finish(false)}
        />
      </form>
    </AdminDialog>
  );
}
