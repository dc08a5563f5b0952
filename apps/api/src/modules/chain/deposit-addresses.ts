import { getAddress } from 'viem';
import type { AnyDb } from '../../db/tables';
import { own } from '../../db/tables';
import type { ChainFamily, ChainKeys } from './keys';

/**
 * Each member's deposit address per chain family, derived at index = member id and stored the first time
 * it is asked for, so the watcher can look senders' targets up in one query.
 */
export function createDepositAddresses(deps: { db: AnyDb; keys: ChainKeys }) {
  const db = own<'deposit_addresses'>(deps.db);

  function derive(memberId: string, family: ChainFamily): string {
    return deps.keys.depositAddress(family, Number(memberId));
  }

  return {
    /** The member's address on `family`, made on the first call. */
    async of(memberId: string, family: ChainFamily): Promise<string> {
      const address = derive(memberId, family);
      await db
        .insertInto('deposit_addresses')
        .values({ member_id: memberId, family, derivation_index: memberId, address })
        .onConflict((c) => c.doNothing())
        .execute();
      return address;
    },

    /** Which members own these EVM addresses (any letter case): address (EIP-55) to member id. */
    async membersOf(family: ChainFamily, addresses: readonly string[]): Promise<Map<string, string>> {
      if (addresses.length === 0) return new Map();
      const wanted = family === 'evm' ? addresses.map((a) => getAddress(a)) : [...addresses];
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'member_id'])
        .where('family', '=', family)
        .where('address', 'in', wanted)
        .execute();
      return new Map(rows.map((r) => [r.address, r.member_id]));
    },

    /** Every address of a family (the watcher's filter when a network has few members). */
    async all(family: ChainFamily): Promise<{ address: string; memberId: string; index: number }[]> {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'member_id', 'derivation_index'])
        .where('family', '=', family)
        .execute();
      return rows.map((r) => ({
        address: r.address,
        memberId: r.member_id,
        index: Number(r.derivation_index),
      }));
    },
  };
}

export type DepositAddresses = ReturnType<typeof createDepositAddresses>;
