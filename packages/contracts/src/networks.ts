/**
 * The networks a withdrawal or a deposit travels on. A module of its own: the wallet schemas need the list,
 * and importing it from withdrawal-address.ts brought viem, @noble/hashes and @scure/base (its address
 * checks) into every page that reads a wallet schema, the home page among them (decisions §99).
 */
export const Networks = ['TRC20', 'ERC20', 'BEP20'] as const;
export type TNetwork = (typeof Networks)[number];
