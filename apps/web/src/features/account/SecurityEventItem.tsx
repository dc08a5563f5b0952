import type { TSecurityEvent } from '@app/contracts';
import { CheckShieldOutline, ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './SecurityEventItem.module.css';
import { securityEventText, warningKinds } from './security-event-text';

/** One security event: what happened, when (in the member's locale), from which address and device. */
export function SecurityEventItem({ item }: { item: TSecurityEvent }) {
  const { t } = useTranslation();
  const { title, facts } = securityEventText(t, item);
  const warning = warningKinds.has(item.kind);
  const Icon = warning ? ExclamationShieldOutline : CheckShieldOutline;
  return (
    <article
      className={warning ? `${styles.item} ${styles.warning}` : styles.item}
      data-testid="security-event"
      data-kind={item.kind}
    >
      <Icon className={styles.icon} aria-hidden="true" />
      <div className={styles.main}>
        <h2 className={styles.title}>{title}</h2>
        {facts.map((fact) => (
          <div key={fact} className={styles.fact}>
            {fact}
          </div>
        ))}
        <div className={styles.meta}>
          <time dateTime={item.at}>{dateTimeText(item.at)}</time>
        </div>
        <div className={styles.meta}>{t('securityActivity.ip', { ip: item.ip || '-' })}</div>
        {item.device ? (
          <div className={styles.meta}>{t('securityActivity.device', { device: item.device })}</div>
        ) : null}
      </div>
    </article>
  );
}
