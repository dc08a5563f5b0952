import {
  AppstoreOutline,
  BankcardOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  ExclamationShieldOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  InformationCircleOutline,
  KeyOutline,
  LinkOutline,
  LocationOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  RedoOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import type { ComponentType, SVGProps } from 'react';
import { BonusPaths } from '../bonuses/bonus-paths';
import { MiningPaths } from '../mining/mining-paths';
import { TradingPaths } from '../trading/trading-paths';
import { VoucherPaths } from '../vouchers/voucher-paths';
import { AccountPaths } from './account-paths';

export interface MenuEntry {
  /** Locale key under `personal.menu.`. */
  id: string;
  path: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * The Me page's menu: every personal page of routes.txt that is an entry point. Its sub-pages
 * (CustomerServiceMain, CustomerServiceMsg, CSHistory, AddNewAddress, symbol2, symbol3, symbolv2,
 * SponsorTree2) are reached from these. Pages not built yet open the "being built" page at their route.
 */
export const personalMenu: readonly MenuEntry[][] = [
  [
    { id: 'profile', path: '/pages/personal/profile', Icon: UserOutline },
    { id: 'inviteFriend', path: '/pages/personal/InviteFriend', Icon: UserAddOutline },
    { id: 'myAffiliates', path: '/pages/personal/MyAffiliates', Icon: TeamOutline },
    { id: 'sponsorTree', path: '/pages/personal/SponsorTreeOne', Icon: UnorderedListOutline },
    // Pages routes.txt has no path for (the spec knows them by label): bonuses, vouchers, mining, rentals.
    { id: 'bonus', path: BonusPaths.summary, Icon: StarOutline },
  ],
  [
    { id: 'wallet', path: '/pages/Wallet/Wallet', Icon: CollectMoneyOutline },
    // The spec's online trade screen: no path in routes.txt, so not one of the pages above.
    { id: 'trade', path: TradingPaths.online, Icon: PayCircleOutline },
    { id: 'botRental', path: '/pages/trade/demo4', Icon: RedoOutline },
    { id: 'mining', path: MiningPaths.packages, Icon: AppstoreOutline },
    { id: 'vouchers', path: VoucherPaths.list, Icon: GiftOutline },
    { id: 'myAddress', path: '/pages/personal/MyAddress', Icon: LocationOutline },
    { id: 'withdrawAddress', path: '/pages/personal/WithdrawAdress', Icon: BankcardOutline },
    { id: 'trader', path: '/pages/personal/trader', Icon: HistogramOutline },
    { id: 'symbol', path: '/pages/personal/symbol', Icon: ExclamationShieldOutline },
    { id: 'unbindApi', path: '/pages/personal/Unbindapi', Icon: LinkOutline },
  ],
  [
    { id: 'accountSetting', path: '/pages/personal/AccountSetting', Icon: UserSetOutline },
    { id: 'securityActivity', path: AccountPaths.securityActivity, Icon: CheckShieldOutline },
    { id: 'loginPassword', path: '/pages/personal/LoginPassword', Icon: LockOutline },
    { id: 'transactionPassword', path: '/pages/personal/TransactionPassword', Icon: KeyOutline },
    { id: 'customerService', path: '/pages/personal/CustomerService', Icon: MessageOutline },
    { id: 'lang', path: '/pages/personal/lang', Icon: GlobalOutline },
    { id: 'aboutUs', path: '/pages/personal/AboutUs', Icon: InformationCircleOutline },
  ],
];
