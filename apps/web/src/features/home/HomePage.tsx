import { Button, Grid } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  PayCircleOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMe } from '../../app/use-me';
import { HomePrices } from '../markets/HomePrices';
import { TradingPaths } from '../trading/trading-paths';
import { HomeHeader } from './HomeHeader';
import styles from './HomePage.module.css';

// Shortcuts to the pages that exist today; news and packages arrive with their own work.
const shortcuts = [
  { id: 'wallet', path: '/pages/Wallet/Wallet', Icon: CollectMoneyOutline },
  { id: 'trade', path: TradingPaths.online, Icon: PayCircleOutline },
  { id: 'accountSetting', path: '/pages/personal/AccountSetting', Icon: UserSetOutline },
  { id: 'loginPassword', path: '/pages/personal/LoginPassword', Icon: LockOutline },
  { id: 'transactionPassword', path: '/pages/personal/TransactionPassword', Icon: KeyOutline },
  { id: 'lang', path: '/pages/personal/lang', Icon: GlobalOutline },
  { id: 'aboutUs', path: '/pages/personal/AboutUs', Icon: InformationCircleOutline },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  return (
    <>
      <HomeHeader unread={0} />
      <main className={styles.main}>
        <section className={styles.greeting}>
          <h1>{t('home.greeting', { name: user?.fullName || user?.username || '' })}</h1>
          <p>{t('home.welcome')}</p>
        </section>
        {user && !user.hasTransactionPassword ? (
          <section className={styles.prompt} aria-labelledby="tx-prompt-title">
            <h2 id="tx-prompt-title">{t('home.setTxTitle')}</h2>
            <p>{t('home.setTxText')}</p>
            <Button
              color="primary"
              size="small"
              onClick={() => navigate('/pages/personal/TransactionPassword')}
            >
              {t('home.setTxAction')}
            </Button>
          </section>
        ) : null}
        <HomePrices />
        <section className={styles.card} aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t('home.shortcuts')}</h2>
          <Grid columns={3} gap={8}>
            {shortcuts.map(({ id, path, Icon }) => (
              <Grid.Item key={id}>
                <Link className={styles.shortcut} to={path}>
                  <Icon aria-hidden="true" />
                  <span>{t(`personal.menu.${id}`)}</span>
                </Link>
              </Grid.Item>
            ))}
          </Grid>
        </section>
      </main>
    </>
  );
}
