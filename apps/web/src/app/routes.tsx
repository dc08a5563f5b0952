import { isValidElement } from 'react';
import { createHashRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { AccountPaths } from '../features/account/account-paths';
import { AddressPaths } from '../features/addresses/address-paths';
import { AdminPaths } from '../features/admin/admin-paths';
import { BonusPaths } from '../features/bonuses/bonus-paths';
import { RecordPaths } from '../features/bot-records/record-paths';
import { RentalPaths } from '../features/bot-rentals/rental-paths';
import { SymbolPaths } from '../features/bot-symbols/symbol-paths';
import { BotPaths } from '../features/bots/bot-paths';
import { ContentPaths } from '../features/content/content-paths';
import { KeyPaths } from '../features/exchange-keys/key-paths';
import { KycPaths } from '../features/kyc/kyc-paths';
import { LocationPaths } from '../features/location/location-routes';
import { MarketPaths } from '../features/markets/markets-paths';
import { MiningPaths } from '../features/mining/mining-paths';
import { NotificationPaths } from '../features/notifications/notification-paths';
import { ProfilePaths } from '../features/profile/profile-paths';
import EntryRedirect from '../features/shell/EntryRedirect';
import { MemberShell } from '../features/shell/MemberShell';
import { PublicLayout } from '../features/shell/PublicLayout';
import { RequireLogin } from '../features/shell/RequireLogin';
import { RootLayout } from '../features/shell/RootLayout';
import { SupportPaths } from '../features/support/support-paths';
import { TeamPaths } from '../features/team/team-paths';
import { TradingPaths } from '../features/trading/trading-paths';
import { VoucherPaths } from '../features/vouchers/voucher-paths';
import { WalletPaths } from '../features/wallet/wallet-paths';
import { PreviewImagePath } from '../shared/uploads/open-image-preview';
import { firstViewPage, LazyPage, lazyPage, type PageLoader } from './lazy-page';
import { registerNavigator } from './navigation';
import { queryClient } from './query-client';
import { hasStoredLogin, session } from './session';

// The paths are the product's public deep links: verbatim from shared/spec/routes.txt, never renamed.

const Intro = firstViewPage(() => import('../features/auth/IntroPage'));
const Login = firstViewPage(() => import('../features/auth/LoginPage'));
const Register = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotStart = lazyPage(() => import('../features/auth/ForgotStartPage'));
const ForgotReset = lazyPage(() => import('../features/auth/ForgotResetPage'));
// The home page's reads start beside its code, not after it has loaded and rendered (issue 19); only
// signed in. preloadCurrentPage runs before the session's check has loaded, when session.get() still says
// signed out: the stored flag decides there (it used to be session.get(), so the reads waited for the render).
const Home = lazyPage(() => {
  if (session.get().isLogin || hasStoredLogin()) {
    void import('../features/home/home-prefetch').then(({ prefetchHome }) => prefetchHome(queryClient));
  }
  return import('../features/home/HomePage');
});
const WebView = lazyPage(() => import('../features/home/WebViewPage'));
const Markets = lazyPage(() => import('../features/markets/MarketsPage'));
const MarketDetail = lazyPage(() => import('../features/markets/MarketDetailPage'));
const Personal = lazyPage(() => import('../features/account/PersonalPage'));
const AccountSetting = lazyPage(() => import('../features/account/AccountSettingPage'));
const SecurityActivity = lazyPage(() => import('../features/account/SecurityActivityPage'));
const LoginPassword = lazyPage(() => import('../features/account/LoginPasswordPage'));
const TransactionPassword = lazyPage(() => import('../features/account/TransactionPasswordPage'));
const Language = lazyPage(() => import('../features/account/LanguagePage'));
const AboutUs = lazyPage(() => import('../features/account/AboutUsPage'));
const NewsList = lazyPage(() => import('../features/content/NewsListPage'));
const NewsDetail = lazyPage(() => import('../features/content/NewsDetailPage'));
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
const Profile = lazyPage(() => import('../features/profile/ProfilePage'));
const InviteFriend = lazyPage(() => import('../features/profile/InviteFriendPage'));
const MyAddress = lazyPage(() => import('../features/addresses/MyAddressPage'));
const AddNewAddress = lazyPage(() => import('../features/addresses/AddNewAddressPage'));
const ChooseLocation = lazyPage(() => import('../features/location/ChooseLocationPage'));
const OpenLocation = lazyPage(() => import('../features/location/OpenLocationPage'));
const CustomerService = lazyPage(() => import('../features/support/CustomerServicePage'));
const NewEnquiry = lazyPage(() => import('../features/support/NewEnquiryPage'));
const EnquiryThread = lazyPage(() => import('../features/support/EnquiryThreadPage'));
const CSHistory = lazyPage(() => import('../features/support/CSHistoryPage'));
const SentMessages = lazyPage(() => import('../features/support/SentMessagesPage'));
const BeingBuilt = lazyPage(() => import('../features/shell/BeingBuiltPage'));
const NotFound = lazyPage(() => import('../features/shell/NotFoundPage'));
const PreviewImage = lazyPage(() => import('../features/preview-image/PreviewImagePage'));
const NameVerification = lazyPage(() => import('../features/kyc/NameVerificationPage'));
const Notifications = lazyPage(() => import('../features/notifications/NotificationsPage'));
// The admin area: not in routes.txt, a desktop layout of its own (AdminLayout lets admins only in).
const AdminLayout = lazyPage(() => import('../features/admin/AdminLayout'));
const TotpEnrol = lazyPage(() => import('../features/staff/TotpEnrolPage'));
const AdminWithdrawals = lazyPage(() => import('../features/admin/WithdrawalsSection'));
const AdminChainDeposits = lazyPage(() => import('../features/admin/ChainDepositsSection'));
const AdminReconciliation = lazyPage(() => import('../features/admin/ReconciliationSection'));
const AdminPayouts = lazyPage(() => import('../features/admin/PayoutsSection'));
const AdminMembers = lazyPage(() => import('../features/admin/MembersSection'));
const AdminMoney = lazyPage(() => import('../features/admin/MoneySection'));
const AdminRules = lazyPage(() => import('../features/admin/RulesSection'));
const AdminAudit = lazyPage(() => import('../features/admin/AuditSection'));
const AdminContent = lazyPage(() => import('../features/admin/content/ContentSection'));
const AdminSupport = lazyPage(() => import('../features/admin/SupportSection'));
const AdminSupportThread = lazyPage(() => import('../features/admin/SupportThreadSection'));
const AdminKycQueue = lazyPage(() => import('../features/kyc/AdminKycQueue'));
const AdminKycReview = lazyPage(() => import('../features/kyc/AdminKycReview'));
const AdminBotPackages = lazyPage(() => import('../features/bot-rentals/AdminBotPackagesSection'));
const AdminManagedAccounts = lazyPage(() => import('../features/admin/ManagedAccountsSection'));
const AdminVouchers = lazyPage(() => import('../features/vouchers/AdminVouchersSection'));
const RentalPackages = lazyPage(() => import('../features/bot-rentals/PackagesPage'));
const MyRentals = lazyPage(() => import('../features/bot-rentals/MyRentalsPage'));
const RentalSales = lazyPage(() => import('../features/bot-rentals/SalesPage'));
const Vouchers = lazyPage(() => import('../features/vouchers/VouchersPage'));
const MiningPackages = lazyPage(() => import('../features/mining/MiningPage'));
const MiningStock = lazyPage(() => import('../features/mining/StockPage'));
const MiningStockRecords = lazyPage(() => import('../features/mining/StockRecordsPage'));
const MiningSales = lazyPage(() => import('../features/mining/MiningSalesPage'));
const AdminMining = lazyPage(() => import('../features/mining/AdminMiningSection'));
const BotConfig = lazyPage(() => import('../features/bots/BotConfigPage'));
const BotList = lazyPage(() => import('../features/bots/BotListPage'));
const SpotSymbols = lazyPage(() => import('../features/bot-symbols/SpotSymbolsPage'));
const PerpetualSymbols = lazyPage(() => import('../features/bot-symbols/PerpetualSymbolsPage'));
const SymbolPicker = lazyPage(() => import('../features/bot-symbols/SymbolPickerPage'));
const RecordBots = lazyPage(() => import('../features/bot-records/BotListsPage'));
const RecordOrders = lazyPage(() => import('../features/bot-records/RecordtxPage'));
const RecordHistory = lazyPage(() => import('../features/bot-records/HistoryPage'));
const RecordSummary = lazyPage(() => import('../features/bot-records/SummaryPage'));
const PlacementTree = lazyPage(() => import('../features/team/PlacementTreePage'));
const SponsorTree = lazyPage(() => import('../features/team/SponsorTreePage'));
const MyAffiliates = lazyPage(() => import('../features/team/MyAffiliatesPage'));
const BonusSummary = lazyPage(() => import('../features/bonuses/BonusSummaryPage'));
const BonusRecords = lazyPage(() => import('../features/bonuses/BonusRecordsPage'));
const BonusRecord = lazyPage(() => import('../features/bonuses/BonusRecordPage'));
const AdminBonuses = lazyPage(() => import('../features/bonuses/AdminBonusesSection'));

/**
 * Routes of routes.txt that later work owns. Until then each shows the "being built" page, so a deep link
 * (or a tab of the other label set) lands somewhere honest instead of on a 404.
 */
export const laterPaths = [] as const;

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
          { path: ContentPaths.news, element: NewsList },
          { path: ContentPaths.newsItem, element: NewsDetail },
          { path: MarketPaths.list, element: Markets },
          // One symbol's chart: the spec's market screen had no path of its own for it.
          { path: MarketPaths.detail, element: MarketDetail },
          { path: '/pages/personal/personal', element: Personal },
          { path: '/pages/personal/AccountSetting', element: AccountSetting },
          // The member's security activity (issue 17) has no path in routes.txt.
          { path: AccountPaths.securityActivity, element: SecurityActivity },
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
          { path: KycPaths.nameVerification, element: NameVerification },
          { path: ProfilePaths.profile, element: Profile },
          { path: ProfilePaths.invite, element: InviteFriend },
          { path: AddressPaths.list, element: MyAddress },
          { path: AddressPaths.edit, element: AddNewAddress },
          { path: LocationPaths.choose, element: ChooseLocation },
          { path: LocationPaths.open, element: OpenLocation },
          { path: SupportPaths.entry, element: CustomerService },
          { path: SupportPaths.newEnquiry, element: NewEnquiry },
          { path: SupportPaths.thread, element: EnquiryThread },
          { path: SupportPaths.history, element: CSHistory },
          // The spec's email history (showEmailHistory) has no path in routes.txt: this one sits beside CSHistory.
          { path: SupportPaths.sentMessages, element: SentMessages },
          // The page behind the header's bell: routes.txt has no path for it.
          { path: NotificationPaths.list, element: Notifications },
          { path: RentalPaths.packages, element: RentalPackages },
          { path: RentalPaths.mine, element: MyRentals },
          { path: RentalPaths.sales, element: RentalSales },
          { path: BotPaths.configure, element: BotConfig },
          { path: BotPaths.list, element: BotList },
          { path: SymbolPaths.spot, element: SpotSymbols },
          { path: SymbolPaths.perpetual, element: PerpetualSymbols },
          { path: SymbolPaths.picker, element: SymbolPicker },
          { path: RecordPaths.byExchange, element: RecordBots },
          { path: RecordPaths.byMarketType, element: RecordBots },
          { path: RecordPaths.byStatus, element: RecordBots },
          { path: RecordPaths.orders, element: RecordOrders },
          { path: RecordPaths.history, element: RecordHistory },
          { path: RecordPaths.summary, element: RecordSummary },
          { path: RecordPaths.bySymbol, element: RecordSummary },
          { path: RecordPaths.byDay, element: RecordSummary },
          // The spec's vouchers screen is known from its label only: routes.txt has no path for it.
          { path: VoucherPaths.list, element: Vouchers },
          // Mining and inventory are known from labels only: routes.txt has no path for them.
          { path: MiningPaths.packages, element: MiningPackages },
          { path: MiningPaths.stock, element: MiningStock },
          { path: MiningPaths.stockRecords, element: MiningStockRecords },
          { path: MiningPaths.sales, element: MiningSales },
          { path: TeamPaths.placementTree, element: PlacementTree },
          { path: TeamPaths.sponsorTree, element: SponsorTree },
          { path: TeamPaths.affiliates, element: MyAffiliates },
          // The spec's bonus screens (Asset/bonussummary, bonusrecord) have no path in routes.txt.
          { path: BonusPaths.summary, element: BonusSummary },
          { path: BonusPaths.records, element: BonusRecords },
          { path: BonusPaths.record, element: BonusRecord },
          ...laterPaths.map((path) => ({ path, element: BeingBuilt })),
        ],
      },
      // Staff enrol their authenticator here, outside the admin layout (the only page such a session opens).
      { path: AdminPaths.enrol, element: <RequireLogin>{TotpEnrol}</RequireLogin> },
      {
        path: AdminPaths.root,
        element: <RequireLogin>{AdminLayout}</RequireLogin>,
        children: [
          { index: true, element: <Navigate replace to={AdminPaths.withdrawals} /> },
          { path: AdminPaths.withdrawals, element: AdminWithdrawals },
          { path: AdminPaths.deposits, element: AdminChainDeposits },
          { path: AdminPaths.reconciliation, element: AdminReconciliation },
          { path: AdminPaths.payouts, element: AdminPayouts },
          { path: AdminPaths.members, element: AdminMembers },
          { path: AdminPaths.money, element: AdminMoney },
          { path: AdminPaths.rules, element: AdminRules },
          { path: AdminPaths.audit, element: AdminAudit },
          { path: AdminPaths.content, element: AdminContent },
          { path: AdminPaths.support, element: AdminSupport },
          { path: AdminPaths.supportThread, element: AdminSupportThread },
          { path: AdminPaths.kyc, element: AdminKycQueue },
          { path: AdminPaths.kycReview, element: AdminKycReview },
          { path: AdminPaths.botPackages, element: AdminBotPackages },
          { path: AdminPaths.managedAccounts, element: AdminManagedAccounts },
          { path: AdminPaths.vouchers, element: AdminVouchers },
          { path: AdminPaths.bonuses, element: AdminBonuses },
          { path: AdminPaths.mining, element: AdminMining },
        ],
      },
      // Full-screen, outside the member shell (no tab bar or side menu); signed in, as the pictures need it.
      { path: PreviewImagePath, element: <RequireLogin>{PreviewImage}</RequireLogin> },
      { path: '*', element: NotFound },
    ],
  },
];

/** The app's router once App.tsx has made it (at its module's evaluation, before main.tsx's body runs). */
let made: ReturnType<typeof createHashRouter> | undefined;

/**
 * Starts fetching the code of the page the address names, before the first render: main.tsx calls it
 * while the language and session chunks load, so the page's chunks come beside them rather than after
 * (issue 19). Errors are left to the page's own load, which shows the retry view.
 * For the address the router started on, the router's own matches: it has ranked the ~150 routes once
 * already, and `matchRoutes` would flatten and rank them all again (decisions §88).
 */
export function preloadCurrentPage(hash: string = window.location.hash): void {
  const path = hash.replace(/^#/, '') || '/';
  const location = made?.state.location;
  const matches =
    location && location.pathname + location.search === path
      ? made?.state.matches
      : matchRoutes(routes, path);
  for (const match of matches ?? []) {
    const element = match.route.element;
    if (isValidElement<{ load: PageLoader }>(element) && element.type === LazyPage) {
      element.props.load().catch(() => {});
    }
  }
}

export function createRouter() {
  const router = createHashRouter(routes);
  made = router;
  registerNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location.pathname + router.state.location.search,
  );
  return router;
}
