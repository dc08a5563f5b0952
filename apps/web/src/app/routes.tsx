import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminPaths } from '../features/admin/admin-paths';
import { KeyPaths } from '../features/exchange-keys/key-paths';
import { MarketPaths } from '../features/markets/markets-paths';
import EntryRedirect from '../features/shell/EntryRedirect';
import { MemberShell } from '../features/shell/MemberShell';
import { PublicLayout } from '../features/shell/PublicLayout';
import { RequireLogin } from '../features/shell/RequireLogin';
import { RootLayout } from '../features/shell/RootLayout';
import { TradingPaths } from '../features/trading/trading-paths';
import { WalletPaths } from '../features/wallet/wallet-paths';
import { lazyPage } from './lazy-page';
import { registerNavigator } from './navigation';

// The paths are the product's public deep links: verbatim from shared/spec/routes.txt, never renamed.

const Intro = lazyPage(() => import('../features/auth/IntroPage'));
const Login = lazyPage(() => import('../features/auth/LoginPage'));
const Register = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotStart = lazyPage(() => import('../features/auth/ForgotStartPage'));
const ForgotReset = lazyPage(() => import('../features/auth/ForgotResetPage'));
const Home = lazyPage(() => import('../features/home/HomePage'));
const WebView = lazyPage(() => import('../features/home/WebViewPage'));
const Markets = lazyPage(() => import('../features/markets/MarketsPage'));
const MarketDetail = lazyPage(() => import('../features/markets/MarketDetailPage'));
const Personal = lazyPage(() => import('../features/account/PersonalPage'));
const AccountSetting = lazyPage(() => import('../features/account/AccountSettingPage'));
const LoginPassword = lazyPage(() => import('../features/account/LoginPasswordPage'));
const TransactionPassword = lazyPage(() => import('../features/account/TransactionPasswordPage'));
const Language = lazyPage(() => import('../features/account/LanguagePage'));
const AboutUs = lazyPage(() => import('../features/account/AboutUsPage'));
const Wallet = lazyPage(() => import('../features/wallet/WalletPage'));
const WalletCurrency = lazyPage(() => import('../features/wallet/CurrencyPage'));
const WalletRecords = lazyPage(() => import('../features/wallet/RecordsPage'));
const Withdraw = lazyPage(() => import('../features/wallet/WithdrawPage'));
const WithdrawAddress = lazyPage(() => import('../features/wallet/WithdrawAddressPage'));
const Transfer = lazyPage(() => import('../features/wallet/TransferPage'));
const Airdrop = lazyPage(() => import('../features/wallet/AirdropPage'));
const Exchange = lazyPage(() => import('../features/wallet/ExchangePage'));
const Deposit = lazyPage(() => import('../features/wallet/DepositPage'));
const Trade = lazyPage(() => import('../features/trading/TradePage'));
const Trader = lazyPage(() => import('../features/exchange-keys/TraderPage'));
const UnbindApi = lazyPage(() => import('../features/exchange-keys/UnbindApiPage'));
const BeingBuilt = lazyPage(() => import('../features/shell/BeingBuiltPage'));
const NotFound = lazyPage(() => import('../features/shell/NotFoundPage'));
// The admin area: not in routes.txt, a desktop layout of its own (AdminLayout lets admins only in).
const AdminLayout = lazyPage(() => import('../features/admin/AdminLayout'));
const AdminWithdrawals = lazyPage(() => import('../features/admin/WithdrawalsSection'));
const AdminMembers = lazyPage(() => import('../features/admin/MembersSection'));
const AdminMoney = lazyPage(() => import('../features/admin/MoneySection'));
const AdminRules = lazyPage(() => import('../features/admin/RulesSection'));
const AdminAudit = lazyPage(() => import('../features/admin/AuditSection'));

/**
 * Routes of routes.txt that later work owns. Until then each shows the "being built" page, so a deep link
 * (or a tab of the other label set) lands somewhere honest instead of on a 404.
 */
export const laterPaths = [
  '/pages/trade/demo4',
  '/pages/home/HomegetAllNews',
  '/pages/home/HomeshowOneNews',
  '/pages/home/NameVerification',
  '/pages/personal/profile',
  '/pages/personal/InviteFriend',
  '/pages/personal/MyAffiliates',
  '/pages/personal/CustomerService',
  '/pages/personal/CustomerServiceMain',
  '/pages/personal/CustomerServiceMsg',
  '/pages/personal/CSHistory',
  '/pages/personal/MyAddress',
  '/pages/personal/AddNewAddress',
  '/pages/personal/symbol',
  '/pages/personal/symbol2',
  '/pages/personal/symbol3',
  '/pages/personal/symbolv2',
  '/pages/personal/SponsorTreeOne',
  '/pages/personal/SponsorTree2',
  '/pages/trade/Recordtx',
  '/pages/trade/History',
  '/pages/trade/Botlist',
  '/pages/trade/Botlist2',
  '/pages/trade/Botlist3',
  '/pages/trade/Sales',
  '/pages/trade/summary',
  '/pages/trade/summaryDetails',
  '/pages/trade/summaryDetails2',
  '/pages/trade/Bot',
  '/pages/trade/mytrade',
  '/preview-image',
  '/choose-location',
  '/open-location',
] as const;

/** The one route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <EntryRedirect /> },
      { path: '/pages/main', element: <EntryRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/pages/Intro', element: Intro },
          { path: '/pages/login/login', element: Login },
          { path: '/pages/register/register', element: Register },
          { path: '/pages/forgotpassword/forgotpassword1', element: ForgotStart },
          { path: '/pages/forgotpassword/forgotpassword', element: ForgotReset },
        ],
      },
      {
        element: (
          <RequireLogin>
            <MemberShell />
          </RequireLogin>
        ),
        children: [
          { path: '/pages/home/home', element: Home },
          { path: '/pages/home/webView', element: WebView },
          { path: MarketPaths.list, element: Markets },
          // One symbol's chart: the spec's market screen had no path of its own for it.
          { path: MarketPaths.detail, element: MarketDetail },
          { path: '/pages/personal/personal', element: Personal },
          { path: '/pages/personal/AccountSetting', element: AccountSetting },
          { path: '/pages/personal/LoginPassword', element: LoginPassword },
          { path: '/pages/personal/TransactionPassword', element: TransactionPassword },
          { path: '/pages/personal/lang', element: Language },
          { path: '/pages/personal/AboutUs', element: AboutUs },
          { path: WalletPaths.wallet, element: Wallet },
          { path: WalletPaths.currency, element: WalletCurrency },
          { path: WalletPaths.records, element: WalletRecords },
          { path: WalletPaths.withdraw, element: Withdraw },
          { path: WalletPaths.addresses, element: WithdrawAddress },
          // The spec's transfer, airdrop, exchange and deposit screens have no path in routes.txt.
          { path: WalletPaths.transfer, element: Transfer },
          { path: WalletPaths.airdrop, element: Airdrop },
          { path: WalletPaths.exchange, element: Exchange },
          { path: WalletPaths.deposit, element: Deposit },
          // routes.txt has no path for the spec's online trade screen (SaveOrder, CloseOrder) either.
          { path: TradingPaths.online, element: Trade },
          { path: KeyPaths.trader, element: Trader },
          { path: KeyPaths.unbind, element: UnbindApi },
          ...laterPaths.map((path) => ({ path, element: BeingBuilt })),
        ],
      },
      {
        path: AdminPaths.root,
        element: <RequireLogin>{AdminLayout}</RequireLogin>,
        children: [
          { index: true, element: <Navigate replace to={AdminPaths.withdrawals} /> },
          { path: AdminPaths.withdrawals, element: AdminWithdrawals },
          { path: AdminPaths.members, element: AdminMembers },
          { path: AdminPaths.money, element: AdminMoney },
          { path: AdminPaths.rules, element: AdminRules },
          { path: AdminPaths.audit, element: AdminAudit },
        ],
      },
      { path: '*', element: NotFound },
    ],
  },
];

export function createRouter() {
  const router = createHashRouter(routes);
  registerNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location.pathname + router.state.location.search,
  );
  return router;
}
