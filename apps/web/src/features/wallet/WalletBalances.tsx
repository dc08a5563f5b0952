import type { TCurrencyBalances } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { amountText, minorOf } from '../../shared/amounts';
import styles from './WalletBalances.module.css';

/** The four wallets of one coin: what is available, and what is held for withdrawals when there is some. */
export function WalletBalances({ coin }: { coin: TCurrencyBalances }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.wallets}>
      {coin.wallets.map((w) => {
        const held = minorOf(w.held, coin.decimals);
        return (
          <div key={w.wallet} className={styles.wallet} data-testid={`balance-${coin.currency}-${w.wallet}`}>
            <dt>{t(`wallet.wallets.${w.wallet}`)}</dt>
            <dd>
              <span className={styles.available}>{amountText(w.available, coin.decimals)}</span>
              {held !== null && held !== 0n ? (
                <span className={styles.held}>
                  {t('wallet.held', { amount: amountText(w.held, coin.decimals) })}
                </span>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
