import { MiningPaths } from '../features/mining/mining-paths';
import { type TabSet, tabSet } from './config';

export type TabIcon = 'home' | 'trade' | 'ai' | 'me' | 'mining' | 'wallet' | 'market' | 'defi';

export interface Tab {
  /** Locale key under `tabs.` and the test id suffix (`tab-<id>`, `side-<id>`). */
  id: TabIcon;
  path: string;
}

/**
 * Both label sets of the spec. `trade` is the spec's first table (Home, Trade, AI, Me). The `mining` set's
 * Mining and Defi have no route of their own in routes.txt. Mining opens the mining packages (whose pages
 * sit beside the spec's paths, under /pages/mining/): in demo4's slot it would have shown bot packages
 * under a Mining label. Defi takes the slot of the framed webView it replaces.
 */
export const tabSets: Record<TabSet, readonly Tab[]> = {
  trade: [
    { id: 'home', path: '/pages/home/home' },
    { id: 'trade', path: '/pages/trade/demo4' },
    { id: 'ai', path: '/pages/home/webView' },
    { id: 'me', path: '/pages/personal/personal' },
  ],
  mining: [
    { id: 'home', path: '/pages/home/home' },
    { id: 'mining', path: MiningPaths.packages },
    { id: 'wallet', path: '/pages/Wallet/Wallet' },
    { id: 'market', path: '/pages/home/market' },
    { id: 'me', path: '/pages/personal/personal' },
    { id: 'defi', path: '/pages/home/webView' },
  ],
};

export const tabs = tabSets[tabSet];

/** Tab pages show the bottom bar and no back arrow. Router paths match case-insensitively. */
export function isTabPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return tabs.some((tab) => tab.path.toLowerCase() === lower);
}
