import {
  checkWithdrawalAddress,
  type TBindAddressRequest,
  type TNetwork,
  type TWithdrawalAddress,
  ZTacCode,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { seal } from '../../app/seal';
import { showToast } from '../../app/toast';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { useAttemptKeeper } from '../../shared/idempotency';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { walletApi, walletKeys } from './wallet.api';

const ZBindForm = z.object({
  address: z.string().trim().min(1, { message: 'REQUIRED' }).max(100, { message: 'ADDRESS_INVALID' }),
  code: ZTacCode,
  password: z.string().min(1, { message: 'REQUIRED' }),
});
type TBindForm = z.infer<typeof ZBindForm>;

const places: ErrorPlaces<TBindForm> = {
  ADDRESS_INVALID: 'address',
  ADDRESS_CHECKSUM_WRONG: 'address',
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
  TRANSACTION_PASSWORD_WRONG: 'password',
  TRANSACTION_PASSWORD_NOT_SET: 'root',
  ADDRESS_ALREADY_BOUND: 'root',
  CONTACT_MISSING: 'root',
  NONCE_INVALID: 'root',
  SEALED_INVALID: 'root',
  IDEMPOTENCY_KEY_REUSED: 'root',
  IDEMPOTENCY_IN_PROGRESS: 'root',
};
const handled = handledBy(places);

/**
 * Binds the member's address for one network, once: checked here for its network's format and checksum
 * (as the server checks it), then confirmed with a code sent to the member and the transaction password.
 */
export function BindAddressForm({ network, onCancel }: { network: TNetwork; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useAttemptKeeper();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TBindForm>({
    resolver: zodResolver(ZBindForm),
    defaultValues: { address: '', code: '', password: '' },
  });

  const bind = useMutation({
    mutationFn: ({ address, code, password }: TBindForm & { address: string }) =>
      attempt.run<TBindAddressRequest, TWithdrawalAddress>(
        JSON.stringify([network, address, code, password]),
        async () => ({ network, address, code, password: await seal(password) }),
        (body, key) => walletApi.bindAddress(body, key, handled),
      ),
    onSuccess: async () => {
      showToast(t('wallet.addresses.done'), { icon: 'success' });
      await queryClient.invalidateQueries({ queryKey: walletKeys.withdrawAddresses });
    },
    onError: (error) => placeServerError(error, form.setError, places, ['address', 'code']),
  });

  const submit = form.handleSubmit((values) => {
    const checked = checkWithdrawalAddress(network, values.address);
    if (!checked.ok) {
      form.setError('address', { message: checked.code });
      return;
    }
    bind.mutate({ ...values, address: checked.address });
  });

  const sendCode = async () => {
    const sent = await walletApi.sendAddressTac(handled);
    setSentTo(sent.destination);
    return sent.resendInSeconds;
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('wallet.addresses.bindTitle', { network })}>
      <FormField
        control={form.control}
        name="address"
        label={t('wallet.addresses.address', { network })}
        placeholder={t(`wallet.addresses.placeholder.${network}`)}
        autoComplete="off"
        maxLength={100}
      />
      <TacCodeField control={form.control} name="code" after={<CountdownButton onSend={sendCode} />} />
      <TacSentNote destination={sentTo} />
      <FormField
        control={form.control}
        name="password"
        type="password"
        autoComplete="off"
        label={t('wallet.receipt.password')}
        placeholder={t('wallet.receipt.passwordPlaceholder')}
      />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <div className={styles.actions}>
        <Button block type="submit" color="primary" size="large" loading={bind.isPending}>
          {t('wallet.addresses.bind')}
        </Button>
        <Button block size="large" fill="outline" onClick={onCancel} disabled={bind.isPending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
