import type { NetworkName } from '@app/contracts';
import type { ChainFamily } from './keys';

/** TRC-20 lives on TRON; ERC-20 and BEP-20 on EVM chains, where one key gives one address on both. */
export function familyOf(network: NetworkName): ChainFamily {
  return network === 'TRC20' ? 'tron' : 'evm';
}

/**
 * What a wallet app scans to pay a token to `address`: EIP-681 on EVM chains. TRON has no URI standard
 * that wallets agree on, so its QR code holds the bare address, which every TRON wallet reads.
 */
export function paymentUri(p: { address: string; token: string; chainId: number | null }): string {
  if (p.chainId === null) return p.address;
  return `ethereum:${p.token}@${p.chainId}/transfer?address=${p.address}`;
}
