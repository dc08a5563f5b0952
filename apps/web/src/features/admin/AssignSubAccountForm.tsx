import {
  KeyExchanges,
  KeySuspensionReasons,
  needsPassphrase,
  type TAdminManagedAccount,
  type TKeyExchange,
  ZMemberRef,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { seal } from '../../app/seal';
import { showToast } from '../../app/toast';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { KeyFields } from '../exchange-keys/KeyFields';
import { withPassphraseRule, ZKeyFields } from '../exchange-keys/key-form';
import { adminApi, adminKeys } from './admin.api';
import { confirmAction } from './confirm-action';
import { FactList } from './FactList';
import { FormActions } from './FormActions';
import { existingAccount, replacementOf } from './managed-account-rules';
import { SelectorField } from './SelectorField';

const ZAssignForm = withPassphraseRule(ZKeyFields.extend({ username: ZMemberRef }));
type TAssignForm = z.infer<typeof ZAssignForm>;

const fieldNames = ['username', 'exchange', 'apiKey', 'secret', 'passphrase'];
const places: ErrorPlaces<TAssignForm> = {
  MEMBER_NOT_FOUND: 'username',
  MANAGED_ACCOUNT_IN_USE: 'root',
  EXCHANGE_UNAVAILABLE: 'root',
  EXCHANGE_RATE_LIMITED: 'root',
  SEALED_INVALID: 'root',
  NONCE_INVALID: 'root',
  // The exchange's refusals of the key (EXCHANGE_AUTH_FAILED, KEY_CAN_WITHDRAW, ...), as for a member's key.
  ...Object.fromEntries(KeySuspensionReasons.map((code) => [code, 'root'])),
};

/**
 * Gives a member a sub-account on an exchange, or replaces its key. Opened from a row, the member and the
 * exchange are fixed; otherwise typed. The secret is sealed for the server only on submit, and the server
 * tries the key on the exchange before it keeps anything.
 */
export function AssignSubAccountForm({
  account,
  onClose,
}: {
  /** The row it was opened from: its member and exchange, and what an assignment would replace. */
  account: TAdminManagedAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fixedExchange = account && account.exchange !== 'paper' ? (account.exchange as TKeyExchange) : null;
  const form = useForm<TAssignForm>({
    resolver: zodResolver(ZAssignForm),
    defaultValues: {
      username: account?.username ?? '',
      exchange: fixedExchange ?? 'binance',
      apiKey: '',
      secret: '',
      passphrase: '',
    },
  });
  const exchange = form.watch('exchange');
  const exchangeName = (e: string) => t(`rentals.exchanges.${e}`);

  const assign = useMutation({
    mutationFn: async (values: TAssignForm) =>
      adminApi.assignSubAccount(
        {
          username: values.username.trim(),
          exchange: values.exchange,
          apiKey: values.apiKey,
          secret: await seal(values.secret.trim()),
          ...(needsPassphrase(values.exchange) ? { passphrase: await seal(values.passphrase.trim()) } : {}),
        },
        { handled: handledBy(places) },
      ),
    onSuccess: (saved) => {
      showToast(
        t('admin.managed.assigned', { member: saved.username, exchange: exchangeName(saved.exchange) }),
        { icon: 'success' },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.managedAccounts });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const submit = form.handleSubmit(async (values) => {
    // Typed by hand, the member may have an account there already: look before replacing it unasked.
    const existing =
      account?.exchange === values.exchange
        ? account
        : existingAccount(
            (
              await adminApi.managedAccounts(
                { member: values.username.trim(), exchange: values.exchange },
                1,
                50,
              )
            ).items,
            values.username,
            values.exchange,
          );
    const replacing = replacementOf(existing);
    const params = {
      member: existing?.username ?? values.username.trim(),
      exchange: exchangeName(values.exchange),
    };
    if (replacing) {
      const text =
        replacing.kind === 'key'
          ? t('admin.managed.confirmReplaceKey', { ...params, key: replacing.apiKeyMasked })
          : t('admin.managed.confirmReplacePaper', params);
      if (!(await confirmAction(text))) return;
    }
    assign.mutate(values);
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.managed.assignTitle')}>
      {account ? (
        <FactList
          facts={[
            { id: 'member', label: t('admin.managed.member'), value: account.username },
            { id: 'exchange', label: t('admin.managed.exchange'), value: exchangeName(account.exchange) },
            {
              id: 'current',
              label: t('admin.managed.current'),
              value: account.apiKeyMasked ?? t('admin.managed.kind.paper'),
            },
          ]}
        />
      ) : (
        <>
          <FormField
            control={form.control}
            name="username"
            label={t('admin.managed.member')}
            placeholder={t('admin.managed.memberPlaceholder')}
            autoComplete="off"
          />
          <SelectorField
            control={form.control}
            name="exchange"
            label={t('admin.managed.exchange')}
            options={KeyExchanges.map((e) => ({ value: e, label: exchangeName(e) }))}
          />
        </>
      )}
      <KeyFields control={form.control} exchange={exchange} secretAutoComplete="new-password" />
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions
        submitText={t('admin.managed.assignSubmit')}
        pending={assign.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
