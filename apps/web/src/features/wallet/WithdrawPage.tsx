import type { TWithdrawal } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { answerAmount } from '../../shared/amounts';
import { Column } from '../../shared/Column';
import { useAttemptKeeper } from '../../shared/idempotency';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { TxPasswordNotice } from './TxPasswordNotice';
import { WithdrawalItem } from './WithdrawalItem';
import { WithdrawForm } from './WithdrawForm';
import styles from './WithdrawPage.module.css';
import { walletApi, walletKeys } from './wallet.api';
import { WalletPaths } from './wallet-paths';

/** menuWithdraw: ask for a withdrawal, and below, the member's withdrawals with their status. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancelAttempt = useAttemptKeeper();

  const cancel = async (item: TWithdrawal) => {
    const confirmed = await Dialog.confirm({
      title: t('wallet.withdraw.cancelTitle'),
      content: t('wallet.withdraw.cancelText', {
        amount: `${answerAmount(item.amount)} ${item.currency}`,
        wallet: t(`wallet.wallets.${item.wallet}`),
      }),
      confirmText: t('wallet.withdraw.cancel'),
      cancelText: t('wallet.withdraw.keep'),
    });
    if (!confirmed) return;
    try {
      // Cancelling the same withdrawal again after an unanswered try sends the same key.
      await cancelAttempt.run(
        item.id,
        async () => ({}),
        (_body, key) => walletApi.cancelWithdrawal(item.id, key),
      );
    } catch {
      return; // the API client has said why
    }
    showToast(t('wallet.withdraw.cancelled'), { icon: 'success' });
    await queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };

  return (
    <PageLayout title={t('wallet.withdraw.title')} backTo={WalletPaths.wallet} padded={false}>
      <Column>
        <PagedList
          queryKey={walletKeys.withdrawals}
          fetchPage={walletApi.withdrawals}
          itemKey={(item) => item.id}
          renderItem={(item) => <WithdrawalItem item={item} onCancel={cancel} />}
          header={
            <div className={styles.header}>
              <TxPasswordNotice outflow />
              <WithdrawForm />
              <h2 className={styles.title}>{t('wallet.withdraw.history')}</h2>
            </div>
          }
        />
      </Column>
    </PageLayout>
  );
}
