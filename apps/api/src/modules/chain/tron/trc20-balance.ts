import { tronHexOf } from './tron-address';
import type { TronApi } from './tron-api';

/** A TRC-20 balance (`balanceOf`, a constant call the node runs), in the token's units. Addresses base58. */
export function trc20Balance(api: TronApi, token: string, owner: string): Promise<bigint> {
  const hex = tronHexOf(owner);
  return api.callConstant({
    owner: hex,
    contract: tronHexOf(token),
    selector: 'balanceOf(address)',
    parameter: hex.slice(2).padStart(64, '0'),
  });
}
