import type { NetworkName } from '@app/contracts';

/**
 * One spelling per transaction, so a hash typed twice is recognised: lower case, with `0x` on EVM chains
 * (as their nodes and the watcher write it) and without on TRON (whose explorers show bare hex).
 */
export function normalTxHash(network: NetworkName, txHash: string): string {
  const hex = txHash.trim().toLowerCase().replace(/^0x/, '');
  return network === 'TRC20' ? hex : `0x${hex}`;
}
