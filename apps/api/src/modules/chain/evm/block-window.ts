import type { NetworkName } from '@app/contracts';
import { sql } from 'kysely';
import { type AnyDb, own } from '../../../db/tables';

/** A block as the watcher keeps it: enough to notice that its successor was built on another parent. */
export interface BlockRef {
  number: bigint;
  hash: string;
  parentHash: string;
}

export interface Cursor {
  chainId: number;
  genesisHash: string;
  /** The last block read completely. */
  blockNumber: bigint;
}

/**
 * The watcher's memory of one network (tables chain_cursors and chain_blocks): how far it has read, on
 * which chain, and the hashes of the recent blocks and of blocks holding deposits not yet final.
 */
export function createBlockWindow(deps: { db: AnyDb; network: NetworkName }) {
  const { network } = deps;
  const db = own<'chain_cursors' | 'chain_blocks' | 'chain_deposits'>(deps.db);

  return {
    async cursor(): Promise<Cursor | null> {
      const row = await db
        .selectFrom('chain_cursors')
        .selectAll()
        .where('network', '=', network)
        .executeTakeFirst();
      if (!row) return null;
      return {
        chainId: Number(row.chain_id),
        genesisHash: row.genesis_hash,
        blockNumber: BigInt(row.block_number),
      };
    },

    async saveCursor(ex: AnyDb, cursor: Cursor): Promise<void> {
      await own<'chain_cursors'>(ex)
        .insertInto('chain_cursors')
        .values({
          network,
          chain_id: cursor.chainId,
          genesis_hash: cursor.genesisHash,
          block_number: cursor.blockNumber.toString(),
        })
        .onConflict((c) =>
          c.column('network').doUpdateSet({
            chain_id: cursor.chainId,
            genesis_hash: cursor.genesisHash,
            block_number: cursor.blockNumber.toString(),
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /** A pass ended having seen `head`: what readiness and the lag metric read. */
    async passed(head: bigint): Promise<void> {
      await db
        .updateTable('chain_cursors')
        .set({ head_number: head.toString(), passed_at: sql<Date>`now()` })
        .where('network', '=', network)
        .execute();
    },

    async store(ex: AnyDb, blocks: readonly BlockRef[]): Promise<void> {
      if (blocks.length === 0) return;
      await own<'chain_blocks'>(ex)
        .insertInto('chain_blocks')
        .values(
          blocks.map((b) => ({
            network,
            number: b.number.toString(),
            hash: b.hash,
            parent_hash: b.parentHash,
          })),
        )
        .onConflict((c) =>
          c.columns(['network', 'number']).doUpdateSet((eb) => ({
            hash: eb.ref('excluded.hash'),
            parent_hash: eb.ref('excluded.parent_hash'),
          })),
        )
        .execute();
    },

    async hashAt(number: bigint): Promise<string | null> {
      const row = await db
        .selectFrom('chain_blocks')
        .select('hash')
        .where('network', '=', network)
        .where('number', '=', number.toString())
        .executeTakeFirst();
      return row?.hash ?? null;
    },

    /** Stored blocks at or below `number`, newest first: where a rewind looks for the last common block. */
    async storedDownFrom(number: bigint, limit: number): Promise<{ number: bigint; hash: string }[]> {
      const rows = await db
        .selectFrom('chain_blocks')
        .select(['number', 'hash'])
        .where('network', '=', network)
        .where('number', '<=', number.toString())
        .orderBy('number', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ number: BigInt(r.number), hash: r.hash }));
    },

    async dropAbove(ex: AnyDb, number: bigint): Promise<void> {
      await own<'chain_blocks'>(ex)
        .deleteFrom('chain_blocks')
        .where('network', '=', network)
        .where('number', '>', number.toString())
        .execute();
    },

    /** Forgets old blocks, except those holding a deposit still waiting (its hash is checked at crediting). */
    async prune(below: bigint): Promise<void> {
      await db
        .deleteFrom('chain_blocks')
        .where('network', '=', network)
        .where('number', '<', below.toString())
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('chain_deposits as d')
                .select(sql.lit(1).as('one'))
                .where('d.network', '=', network)
                .where('d.status', '=', 'pending')
                .whereRef('d.block_number', '=', 'chain_blocks.number'),
            ),
          ),
        )
        .execute();
    },

    /** Forgets everything about the network's chain (a development chain started afresh). */
    async reset(ex: AnyDb): Promise<void> {
      await own<'chain_blocks'>(ex).deleteFrom('chain_blocks').where('network', '=', network).execute();
      await own<'chain_cursors'>(ex).deleteFrom('chain_cursors').where('network', '=', network).execute();
    },
  };
}

export type BlockWindow = ReturnType<typeof createBlockWindow>;
