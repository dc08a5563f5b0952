import type { TCurrencyBalances } from '@app/contracts';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { amountText, usdText } from '../../shared/amounts';
import styles from './CurrencyCard.module.css';
import { KindTag } from './KindTag';
import { WalletBalances } from './WalletBalances';
import { linkTo, WalletPaths } from './wallet-paths';

/** One coin on the wallet page: its total and USD value, its four wallets; opens the coin's page. */
export function CurrencyCard({ coin }: { coin: TCurrencyBalances }) {
  const { t } = useTranslation();
  return (
    <Link
      className={styles.card}
      to={linkTo(WalletPaths.currency, { currency: coin.currency })}
      aria-label={t('wallet.openCurrency', { currency: coin.currency })}
      data-testid={`currency-${coin.currency}`}
    >
      <div className={styles.head}>
        <div className={styles.name}>
          <span className={styles.code}>{coin.currency}</span>
          <KindTag kind={coin.kind} />
        </div>
        <div className={styles.total}>
          <span className={styles.amount}>{amountText(coin.total, coin.decimals)}</span>
          <span className={styles.usd}>{t('wallet.usd', { amount: usdText(coin.usdValue) })}</span>
        </div>
        <RightOutline className={styles.arrow} aria-hidden="true" />
      </div>
      <WalletBalances coin={coin} />
    </Link>
  );
}
