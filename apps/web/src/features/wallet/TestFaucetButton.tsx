import type { TDepositChannel } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { shortText } from '../admin/admin-format';
import styles from './DepositChannel.module.css';
import { walletApi, walletKeys } from './wallet.api';

/**
 * Development only (the server says so with `testFaucet`): sends 100 test tokens from the development
 * chain's funder to the member's own address, so a new user sees a deposit arrive and confirm.
 */
export function TestFaucetButton({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () =>
      walletApi.testFaucet({ currency: channel.currency as 'USDT' | 'USDC', network: 'ERC20' }),
    onSuccess: async (sent) => {
      showToast(t('wallet.deposit.faucet.sent', { currency: channel.currency, tx: shortText(sent.txHash) }), {
        icon: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: walletKeys.depositsWatch });
    },
  });
  // The development chain stands in for Ethereum and holds test USDT and USDC only.
  if (channel.network !== 'ERC20' || !['USDT', 'USDC'].includes(channel.currency)) return null;
  return (
    <div className={styles.faucet}>
      <Button
        block
        color="primary"
        fill="outline"
        loading={send.isPending}
        onClick={() => send.mutate()}
        data-testid="test-faucet"
      >
        {t('wallet.deposit.faucet.button', { currency: channel.currency })}
      </Button>
      <div className={styles.faucetHint}>{t('wallet.deposit.faucet.hint')}</div>
      {send.data ? (
        <div className={styles.faucetHint} data-testid="test-faucet-tx">
          {t('wallet.txHash')} <span className={styles.mono}>{send.data.txHash}</span>
        </div>
      ) : null}
    </div>
  );
}
