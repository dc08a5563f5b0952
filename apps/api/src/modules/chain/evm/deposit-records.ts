import type { NetworkName, TLiveEventOf } from '@app/contracts';
import { sql } from 'kysely';
import { type AnyDb, own } from '../../../db/tables';
import type { LiveEvents } from '../../../platform/live-events';

type DepositEvent = TLiveEventOf<'deposit'>;

/** A Transfer to a member's address, in the currency's minor units, ready to be stored. */
export interface SeenDeposit {
  memberId: string;
  currency: string;
  address: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  amount: bigint;
  status: 'pending' | 'below_minimum';
  required: number;
}

/**
 * The chain_deposits rows of one network: each transfer stored once (network, tx hash, log index), and the
 * members told over their live stream as deposits appear, count confirmations and leave the chain.
 */
export function createDepositRecords(deps: { db: AnyDb; network: NetworkName; live: LiveEvents }) {
  const { network, live } = deps;
  const db = own<'chain_deposits'>(deps.db);

  async function announce(ex: AnyDb, memberId: string, event: Omit<DepositEvent, 'type'>): Promise<void> {
    await live.publish(ex, { memberId }, { type: 'deposit', ...event });
  }

  return {
    announce,

    /**
     * Stores what a range held. A transfer seen again in another block (its block left the chain and the
     * transaction was mined anew) takes the new block: an orphaned one counts again, a credited one that
     * had been flagged is back on the chain and unflagged. Returns the ids its members were told of.
     */
    async record(ex: AnyDb, seen: readonly SeenDeposit[], head: bigint): Promise<string[]> {
      if (seen.length === 0) return [];
      // One statement of eleven array parameters (unnest) rather than eleven per row: a catch-up range
      // holds hundreds of deposits, and parsing thousands of parameters was most of its write.
      const col = <T>(f: (d: SeenDeposit) => T) => seen.map(f);
      const rows = await own<'chain_deposits'>(ex)
        .insertInto('chain_deposits')
        .columns([
          'id',
          'network',
          'currency',
          'member_id',
          'address',
          'tx_hash',
          'log_index',
          'block_number',
          'block_hash',
          'amount',
          'status',
        ])
        .expression(
          sql`SELECT * FROM unnest(
            ${col(() => crypto.randomUUID())}::uuid[], ${col(() => network)}::text[],
            ${col((d) => d.currency)}::text[], ${col((d) => d.memberId)}::bigint[],
            ${col((d) => d.address)}::text[], ${col((d) => d.txHash)}::text[],
            ${col((d) => d.logIndex)}::int[], ${col((d) => d.blockNumber.toString())}::bigint[],
            ${col((d) => d.blockHash)}::text[], ${col((d) => d.amount.toString())}::numeric[],
            ${col((d) => d.status)}::text[])`,
        )
        .onConflict((c) =>
          c
            .columns(['network', 'tx_hash', 'log_index'])
            .doUpdateSet((eb) => ({
              block_number: eb.ref('excluded.block_number'),
              block_hash: eb.ref('excluded.block_hash'),
              status: sql`CASE WHEN chain_deposits.status = 'orphaned' THEN excluded.status ELSE chain_deposits.status END`,
              flagged_at: null,
            }))
            .whereRef('chain_deposits.block_hash', '<>', 'excluded.block_hash'),
        )
        .returning(['id', 'member_id', 'status', 'block_number', 'tx_hash', 'log_index'])
        .execute();
      const required = new Map(seen.map((d) => [`${d.txHash}:${d.logIndex}`, d.required]));
      await live.publishMany(
        ex,
        rows.map((r) => ({
          audience: { memberId: r.member_id },
          event: {
            type: 'deposit' as const,
            id: r.id,
            status: r.status,
            confirmations: Number(head - BigInt(r.block_number) + 1n),
            required: required.get(`${r.tx_hash}:${r.log_index}`) ?? 0,
          },
        })),
      );
      return rows.map((r) => r.id);
    },

    /**
     * The blocks above `common` left the chain: deposits not yet credited there are orphaned; a credited
     * one is flagged for an admin (reversing it is an audited decision, never automatic). Returns the
     * flagged ones.
     */
    async leaveChainAbove(
      ex: AnyDb,
      common: bigint,
    ): Promise<{ id: string; memberId: string; txHash: string }[]> {
      const trx = own<'chain_deposits'>(ex);
      const orphaned = await trx
        .updateTable('chain_deposits')
        .set({ status: 'orphaned' })
        .where('network', '=', network)
        .where('block_number', '>', common.toString())
        .where('status', 'in', ['pending', 'below_minimum'])
        .returning(['id', 'member_id'])
        .execute();
      for (const r of orphaned) {
        await announce(ex, r.member_id, { id: r.id, status: 'orphaned', confirmations: 0, required: 0 });
      }
      const flagged = await trx
        .updateTable('chain_deposits')
        .set({ flagged_at: sql<Date>`now()` })
        .where('network', '=', network)
        .where('block_number', '>', common.toString())
        .where('status', '=', 'credited')
        .where('flagged_at', 'is', null)
        .returning(['id', 'member_id', 'tx_hash'])
        .execute();
      return flagged.map((r) => ({ id: r.id, memberId: r.member_id, txHash: r.tx_hash }));
    },

    /** Deposits waiting for confirmations, oldest first. */
    async pending(): Promise<
      {
        id: string;
        memberId: string;
        currency: string;
        txHash: string;
        logIndex: number;
        blockNumber: bigint;
        blockHash: string;
        amount: bigint;
      }[]
    > {
      const rows = await db
        .selectFrom('chain_deposits')
        .select([
          'id',
          'member_id',
          'currency',
          'tx_hash',
          'log_index',
          'block_number',
          'block_hash',
          'amount',
        ])
        .where('network', '=', network)
        .where('status', '=', 'pending')
        .orderBy('block_number')
        .orderBy('log_index')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        memberId: r.member_id,
        currency: r.currency,
        txHash: r.tx_hash,
        logIndex: r.log_index,
        blockNumber: BigInt(r.block_number),
        blockHash: r.block_hash,
        amount: BigInt(r.amount),
      }));
    },

    /**
     * A development chain started afresh replays the same transactions (same keys, same nonces): the old
     * chain's rows keep their history under a tx hash marked with its genesis, so the new ones count.
     */
    async archive(ex: AnyDb, genesisHash: string): Promise<void> {
      await own<'chain_deposits'>(ex)
        .updateTable('chain_deposits')
        .set({
          tx_hash: sql`tx_hash || '@' || ${genesisHash.slice(0, 12)}`,
          status: sql`CASE WHEN status = 'pending' THEN 'orphaned' ELSE status END`,
        })
        .where('network', '=', network)
        .where('tx_hash', 'not like', '%@%')
        .execute();
    },
  };
}

export type DepositRecords = ReturnType<typeof createDepositRecords>;
