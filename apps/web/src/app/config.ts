/** Build-time settings (see vite.config.ts for their defaults). */
export const brand = import.meta.env.VITE_BRAND || 'Nova Members';

export type TabSet = 'trade' | 'mining';
export const tabSet: TabSet = import.meta.env.VITE_TAB_SET === 'mining' ? 'mining' : 'trade';
