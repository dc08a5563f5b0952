import Button from 'antd-mobile/es/components/button';
import Grid from 'antd-mobile/es/components/grid';
import {
  CollectMoneyOutline,
  ContentOutline,
  FolderOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  LocationOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  UserAddOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMe } from '../../app/use-me';
import { ContentPaths, filesPath } from '../content/content-paths';
import { HomeAnnouncements, HomeNews, HomeSlides } from '../content/HomeContent';
import { HomePrices } from '../markets/HomePrices';
import { HomeMiningPackages } from '../mining/HomeMiningPackages';
import { TradingPaths } from '../trading/trading-paths';
import { HomeHeader } from './HomeHeader';
import styles from './HomePage.module.css';

// Shortcuts to the pages that exist today (label: a locale key); packages arrive with their own work.
const shortcuts = [
  { id: 'news', label: 'content.shortcuts.news', path: ContentPaths.news, Icon: ContentOutline },
  { id: 'files', label: 'content.shortcuts.files', path: filesPath, Icon: FolderOutline },
  { id: 'wallet', label: 'personal.menu.wallet', path: '/pages/Wallet/Wallet', Icon: CollectMoneyOutline },
  { id: 'trade', label: 'personal.menu.trade', path: TradingPaths.online, Icon: PayCircleOutline },
  { id: 'profile', label: 'personal.menu.profile', path: '/pages/personal/profile', Icon: UserOutline },
  {
    id: 'inviteFriend',
    label: 'personal.menu.inviteFriend',
    path: '/pages/personal/InviteFriend',
    Icon: UserAddOutline,
  },
  {
    id: 'customerService',
    label: 'personal.menu.customerService',
    path: '/pages/personal/CustomerService',
    Icon: MessageOutline,
  },
  {
    id: 'myAddress',
    label: 'personal.menu.myAddress',
    path: '/pages/personal/MyAddress',
    Icon: LocationOutline,
  },
  {
    id: 'accountSetting',
    label: 'personal.menu.accountSetting',
    path: '/pages/personal/AccountSetting',
    Icon: UserSetOutline,
  },
  {
    id: 'loginPassword',
    label: 'personal.menu.loginPassword',
    path: '/pages/personal/LoginPassword',
    Icon: LockOutline,
  },
  {
    id: 'transactionPassword',
    label: 'personal.menu.transactionPassword',
    path: '/pages/personal/TransactionPassword',
    Icon: KeyOutline,
  },
  { id: 'lang', label: 'personal.menu.lang', path: '/pages/personal/lang', Icon: GlobalOutline },
  {
    id: 'aboutUs',
    label: 'personal.menu.aboutUs',
    path: '/pages/personal/AboutUs',
    Icon: InformationCircleOutline,
  },
] as const;

/**
 * The parts that show the member subscribe to the member themselves: the stored copy draws them at once,
 * and the server's fresh copy (`useMe`) re-renders only them, not the whole page with its lists (at a
 * phone's speed, a re-render of the page was a long task of its own, issue 19).
 */
function HomeGreeting() {
  const { t } = useTranslation();
  const { user } = useMe();
  return (
    <section className={styles.greeting}>
      <h1>{t('home.greeting', { name: user?.fullName || user?.username || '' })}</h1>
      <p>{t('home.welcome')}</p>
    </section>
  );
}

function TransactionPasswordPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  if (!user || user.hasTransactionPassword) return null;
  return (
    <section className={styles.prompt} aria-labelledby="tx-prompt-title">
      <h2 id="tx-prompt-title">{t('home.setTxTitle')}</h2>
      <p>{t('home.setTxText')}</p>
      <Button color="primary" size="small" onClick={() => navigate('/pages/personal/TransactionPassword')}>
        {t('home.setTxAction')}
      </Button>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <HomeHeader />
      <main className={styles.main}>
        <HomeGreeting />
        <HomeAnnouncements />
        <HomeSlides />
        <TransactionPasswordPrompt />
        <HomePrices />
        <HomeNews />
        <HomeMiningPackages />
        <section className={styles.card} aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t('home.shortcuts')}</h2>
          <Grid columns={4} gap={4}>
            {shortcuts.map(({ id, label, path, Icon }) => (
              <Grid.Item key={id}>
                <Link className={styles.shortcut} to={path} data-testid={`shortcut-${id}`}>
                  <Icon aria-hidden="true" />
                  <span>{t(label)}</span>
                </Link>
              </Grid.Item>
            ))}
          </Grid>
        </section>
      </main>
    </>
  );
}
