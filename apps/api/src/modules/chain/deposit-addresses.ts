import { sql } from 'kysely';
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

    /**
     * Which members own these addresses: each address as given to its member id. EVM addresses match in
     * any letter case (by `lower(address)`, migration 0047), so a watcher need not compute the EIP-55 form
     * of every recipient it reads, most of them strangers' (decision 70).
     */
    async membersOf(family: ChainFamily, addresses: readonly string[]): Promise<Map<string, string>> {
      if (addresses.length === 0) return new Map();
      const key = family === 'evm' ? (a: string) => a.toLowerCase() : (a: string) => a;
      const wanted = [...new Set(addresses.map(key))];
      // One array parameter, not one per address; the EVM family as a literal, so the partial index applies.
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'member_id'])
        .where(
          family === 'evm'
            ? sql<boolean>`family = 'evm' AND lower(address) = ANY(${wanted}::text[])`
            : sql<boolean>`family = ${family} AND address = ANY(${wanted}::text[])`,
        )
        .execute();
      const byKey = new Map(rows.map((r) => [key(r.address), r.member_id]));
      const found = new Map<string, string>();
      for (const a of addresses) {
        const member = byKey.get(key(a));
        if (member !== undefined) found.set(a, member);
      }
      return found;
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
