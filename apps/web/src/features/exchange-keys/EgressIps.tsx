import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../shared/CopyButton';
import { Notice } from '../../shared/Notice';
import styles from './ExchangeKeys.module.css';
import { useEgressIps } from './exchange-keys.api';

/** The platform's outgoing IPs, to whitelist on the key; or a word that none is configured. */
export function EgressIps() {
  const { t } = useTranslation();
  const egress = useEgressIps();
  if (!egress.data) return null;
  const { ips } = egress.data;
  if (ips.length === 0) return <Notice>{t('exchangeKeys.egressNone')}</Notice>;
  return (
    <div className={styles.egress} data-testid="egress-ips">
      <p className={styles.egressText}>{t('exchangeKeys.egressHint')}</p>
      <div className={styles.ipLine}>
        <code className={styles.ips}>{ips.join(', ')}</code>
        <CopyButton value={ips.join(',')} label={t('exchangeKeys.copyIps')} />
      </div>
    </div>
  );
}
