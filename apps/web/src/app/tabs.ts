import { type TabSet, tabSet } from './config';

export type TabIcon = 'home' | 'trade' | 'ai' | 'me' | 'mining' | 'wallet' | 'market' | 'defi';

export interface Tab {
  /** Locale key under `tabs.` and the test id suffix (`tab-<id>`, `side-<id>`). */
  id: TabIcon;
  path: string;
}

/**
 * Both label sets of the spec. `trade` is the spec's first table (Home, Trade, AI, Me). The `mining` set's
 * Mining and Defi have no route of their own in routes.txt: they take the slots of the tab pages they
 * replace (demo4 and the framed webView), so every tab stays a deep link of routes.txt.
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
    { id: 'mining', path: '/pages/trade/demo4' },
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
