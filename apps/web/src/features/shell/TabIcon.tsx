import {
  AppOutline,
  BankcardOutline,
  GlobalOutline,
  HistogramOutline,
  MessageOutline,
  PieOutline,
  ShopbagOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { TabIcon as TabIconName } from '../../app/tabs';

const icons = {
  home: AppOutline,
  trade: HistogramOutline,
  ai: MessageOutline,
  me: UserOutline,
  mining: ShopbagOutline,
  wallet: BankcardOutline,
  market: PieOutline,
  defi: GlobalOutline,
} as const;

export function TabIcon({ name }: { name: TabIconName }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" />;
}
