import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './ActionGrid.module.css';

export interface WalletAction {
  /** Locale key under `wallet.actions.`; the test id suffix (`action-<id>`). */
  id: 'deposit' | 'withdraw' | 'transfer' | 'airdrop' | 'exchange' | 'records';
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Not open for this coin: shown, greyed, so the row does not shift once that is known. */
  disabled?: boolean;
}

/** The row of wallet actions (deposit, withdraw, transfer, ...), each a link to its screen. */
export function ActionGrid({ actions }: { actions: readonly WalletAction[] }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.grid} aria-label={t('wallet.actions.title')}>
      {actions.map(({ id, to, Icon, disabled }) =>
        disabled ? (
          <span key={id} className={`${styles.action} ${styles.disabled}`} aria-disabled="true">
            <Icon aria-hidden="true" />
            <span>{t(`wallet.actions.${id}`)}</span>
          </span>
        ) : (
          <Link key={id} to={to} className={styles.action} data-testid={`action-${id}`}>
            <Icon aria-hidden="true" />
            <span>{t(`wallet.actions.${id}`)}</span>
          </Link>
        ),
      )}
    </nav>
  );
}
