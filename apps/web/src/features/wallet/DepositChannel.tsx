import type { TDepositInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ReceiptRows } from '../../shared/ReceiptRows';
import { answerAmount } from './amounts';
import { CopyButton } from './CopyButton';
import styles from './DepositChannel.module.css';

type Channel = TDepositInfo['channels'][number];

/** Where to send a coin on one network: the address to copy, the minimum, the confirmations awaited. */
export function DepositChannel({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  return (
    <section
      className={styles.channel}
      aria-label={t('wallet.deposit.channel', channel)}
      data-testid="deposit-channel"
    >
      <div className={styles.label}>{t('wallet.deposit.address', channel)}</div>
      <div className={styles.addressRow}>
        <div className={styles.address} data-testid="deposit-address">
          {channel.address}
        </div>
        <CopyButton value={channel.address} label={t('wallet.deposit.copyAddress')} />
      </div>
      <ReceiptRows
        rows={[
          {
            id: 'minimum',
            label: t('wallet.deposit.minimum'),
            value: `${answerAmount(channel.minAmount)} ${channel.currency}`,
          },
          {
            id: 'confirmations',
            label: t('wallet.deposit.confirmations'),
            value: String(channel.confirmations),
          },
        ]}
      />
    </section>
  );
}
