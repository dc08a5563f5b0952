import type { TDepositChannel } from '@app/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { CopyButton } from '../../shared/CopyButton';
import { Notice } from '../../shared/Notice';
import { networkFullNames } from '../../shared/network-names';
import { ReceiptRows } from '../../shared/ReceiptRows';
import { shortText } from '../admin/admin-format';
import styles from './DepositChannel.module.css';

/**
 * Where to send a coin on one network: the member's own address (QR code of the payment URI a wallet app
 * scans, and the text to copy), the network and token contract, the minimum, the confirmations awaited,
 * and the warning that a coin sent on another network or of another token is lost.
 */
export function DepositChannel({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation();
  const network = networkFullNames[channel.network];
  return (
    <section
      className={styles.channel}
      aria-label={t('wallet.deposit.channel', { currency: channel.currency, network })}
      data-testid="deposit-channel"
    >
      <Notice tone="warning" testId="deposit-warning">
        {t('wallet.deposit.onlyThis', { currency: channel.currency, network })}
      </Notice>
      <div className={styles.qr} data-testid="deposit-qr" data-uri={channel.uri}>
        <QRCodeSVG
          value={channel.uri}
          size={184}
          marginSize={2}
          title={t('wallet.deposit.qrTitle', { currency: channel.currency, network })}
        />
      </div>
      <div className={styles.label}>
        {t('wallet.deposit.address', { currency: channel.currency, network })}
      </div>
      <div className={styles.addressRow}>
        <div className={styles.address} data-testid="deposit-address">
          {channel.address}
        </div>
        <CopyButton value={channel.address} label={t('wallet.deposit.copyAddress')} />
      </div>
      <ReceiptRows
        rows={[
          { id: 'network', label: t('wallet.deposit.network'), value: network },
          {
            id: 'token',
            label: t('wallet.deposit.token'),
            value: (
              <span className={styles.mono} title={channel.token}>
                {shortText(channel.token)}
              </span>
            ),
          },
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
