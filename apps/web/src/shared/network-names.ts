import type { NetworkName } from '@app/contracts';

/**
 * The full name of each network, as wallet apps show it. These are proper names (a chain and its token
 * standard), the same in every language, so they live here rather than in the locales.
 */
export const networkFullNames: Record<NetworkName, string> = {
  ERC20: 'Ethereum (ERC-20)',
  BEP20: 'BNB Smart Chain (BEP-20)',
  TRC20: 'TRON (TRC-20)',
};
