import type { Logger } from 'pino';
import type { Address } from 'viem';
import type { Db } from '../../db/database';
import { own } from '../../db/tables';
import type { LiveEvents } from '../../platform/live-events';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { DepositAddresses } from './deposit-addresses';
import { type BlockRef, type Cursor, createBlockWindow } from './evm/block-window';
import { chainDepositTransferId, creditChainDeposit } from './evm/deposit-crediting';
import { createDepositRecords, type SeenDeposit } from './evm/deposit-records';
import { readBlocks, readTransfers, TOPIC_FILTER_MAX } from './evm/transfer-logs';
import { toCurrencyUnits, type WatchedChannel, watchedChannels } from './evm/watched-channels';
import type { EvmNetwork } from './networks';

/** Blocks per `eth_getLogs` (public nodes cap ranges near 2,000; a local node answers any). */
export const BATCH_BLOCKS = 2000n;
/** Recent blocks whose hashes are kept, however quiet: how deep a reorg the watcher follows exactly. */
export const RECENT_BLOCKS = 64n;

export interface WatcherOptions {
  db: Db;
  network: EvmNetwork;
  addresses: Pick<DepositAddresses, 'membersOf'>;
  ledger: LedgerService;
  notify: NotificationService['notify'];
  live: LiveEvents;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Production refuses a chain other than the one the cursor was on; development starts afresh. */
  production: boolean;
  batchBlocks?: bigint;
  /** Where a network never watched before starts: the block after this one (default: genesis). */
  startAfter?: (head: bigint) => bigint;
  /** Tests: a hook between batches (a throw there is a watcher killed mid-range). */
  afterBatch?: (to: bigint) => void | Promise<void>;
}

export interface PassResult {
  head: bigint;
  cursor: bigint;
  seen: number;
  credited: number;
  /** The block the cursor went back to, when the pass met a reorg. */
  rewoundTo: bigint | null;
}

const UNKNOWN_PARENT = `0x${'0'.repeat(64)}`;

/**
 * Whether `block` was built on the block of hash `parentHash`. A zero parent hash is unknown: a deposit's
 * block stored from its log, or a block Hardhat's network mined several at once (`hardhat_mine`), which it
 * hands out so (no real chain does). Such a block is checked through its own hash instead (the cursor's at
 * the next pass, a deposit's at crediting).
 */
function follows(block: BlockRef, parentHash: string): boolean {
  return block.parentHash === parentHash || block.parentHash === UNKNOWN_PARENT;
}

/**
 * The deposit watcher of one EVM network (decision 54). A pass reads the head, checks that the cursor is
 * still on this chain, walks forward in batched ranges reading the token contracts' Transfer logs to
 * members' addresses, stores each deposit once, follows reorgs through the stored block hashes, and
 * credits the deposits that reached their channel's confirmations. Everything it does is idempotent, so
 * a pass cut short anywhere is finished by the next one, by this watcher or another.
 */
export function createEvmWatcher(options: WatcherOptions) {
  const { db, network, log } = options;
  const client = network.client;
  const batch = options.batchBlocks ?? BATCH_BLOCKS;
  const window = createBlockWindow({ db, network: network.name });
  const records = createDepositRecords({ db, network: network.name, live: options.live });
  let genesisHash: string | null = null;
  let lastHead: bigint | null = null;

  /** The cursor to continue from: made on the first pass, reset for a new development chain. */
  async function cursorFor(head: bigint): Promise<Cursor | null> {
    genesisHash ??= (await client.getBlock({ blockNumber: 0n })).hash;
    const genesis = genesisHash;
    const stored = await window.cursor();
    if (stored && stored.chainId === network.chainId && stored.genesisHash === genesisHash) return stored;
    if (stored) {
      if (options.production) {
        log.error(
          { network: network.name, stored, chainId: network.chainId, genesisHash },
          'chain watcher: the RPC serves another chain than the one already read; not watching',
        );
        return null;
      }
      log.warn({ network: network.name }, 'chain watcher: a new development chain; reading it afresh');
    }
    const fresh: Cursor = {
      chainId: network.chainId,
      genesisHash: genesis,
      blockNumber: options.startAfter?.(head) ?? 0n,
    };
    const [start] = await readBlocks(client, [fresh.blockNumber]);
    await db.transaction().execute(async (trx) => {
      if (stored) {
        await records.archive(trx, stored.genesisHash);
        await window.reset(trx);
      }
      await window.store(trx, [start!]);
      await window.saveCursor(trx, fresh);
    });
    return fresh;
  }

  /**
   * The blocks above the last block both the stored hashes and the chain agree on left the chain: the
   * cursor goes back there, their deposits are orphaned (flagged if credited) and their hashes dropped.
   */
  async function rewind(cursor: Cursor): Promise<Cursor> {
    let common: bigint | null = null;
    let lowest = cursor.blockNumber;
    for (const stored of await window.storedDownFrom(cursor.blockNumber, Number(RECENT_BLOCKS) * 4)) {
      lowest = stored.number;
      const [onChain] = await readBlocks(client, [stored.number]);
      if (onChain?.hash === stored.hash) {
        common = stored.number;
        break;
      }
    }
    if (common === null) {
      common = lowest > 0n ? lowest - 1n : 0n;
      log.error(
        { network: network.name, below: lowest },
        'chain watcher: reorg deeper than the stored blocks',
      );
    }
    const rewound = { ...cursor, blockNumber: common };
    const flagged = await db.transaction().execute(async (trx) => {
      const flagged = await records.leaveChainAbove(trx, common);
      await window.dropAbove(trx, common);
      await window.saveCursor(trx, rewound);
      return flagged;
    });
    log.warn(
      { network: network.name, from: cursor.blockNumber, to: common },
      'chain watcher: reorg, rewound',
    );
    for (const f of flagged) {
      log.error(
        { network: network.name, deposit: f.id, member: f.memberId, tx: f.txHash },
        'chain watcher: a CREDITED deposit left the chain; flagged for an admin',
      );
    }
    return rewound;
  }

  /** With few members the node filters by recipient; with many every Transfer is read and looked up. */
  async function recipientFilter(): Promise<Address[] | null> {
    const some = await own<'deposit_addresses'>(db)
      .selectFrom('deposit_addresses')
      .select('address')
      .where('family', '=', 'evm')
      .limit(TOPIC_FILTER_MAX + 1)
      .execute();
    return some.length <= TOPIC_FILTER_MAX ? some.map((a) => a.address as Address) : null;
  }

  /**
   * Reads [from, to]: null when the chain changed under the read (the first block is not built on the
   * stored cursor block, or the range's last block changed while its logs were read).
   */
  async function readRange(
    cursor: Cursor,
    to: bigint,
    head: bigint,
    channels: WatchedChannel[],
    recipients: Address[] | null,
  ): Promise<{ seen: SeenDeposit[]; blocks: BlockRef[] } | null> {
    const from = cursor.blockNumber + 1n;
    const recentFrom = head - RECENT_BLOCKS + 1n > from ? head - RECENT_BLOCKS + 1n : from;
    const edges = new Set<bigint>([from, to]);
    for (let n = recentFrom; n <= to; n++) edges.add(n);
    const [cursorHash, before, transfers] = await Promise.all([
      window.hashAt(cursor.blockNumber),
      readBlocks(client, [...edges]),
      readTransfers(client, { tokens: channels.map((c) => c.token), from, to, recipients }),
    ]);
    const byNumber = new Map(before.map((b) => [b.number, b]));
    if (cursorHash !== null && !follows(byNumber.get(from)!, cursorHash)) return null;
    const members = await options.addresses.membersOf('evm', [...new Set(transfers.map((t) => t.to))]);
    const mine = transfers.filter((t) => members.has(t.to));
    const [after] = await readBlocks(client, [to]);
    if (after!.hash !== byNumber.get(to)!.hash) return null;
    if (mine.some((t) => byNumber.has(t.blockNumber) && byNumber.get(t.blockNumber)?.hash !== t.blockHash)) {
      return null;
    }
    // A deposit's block is kept by the hash its log names (no header asked: during a catch-up that would
    // cost one request per block); crediting checks that hash against the chain again.
    for (const t of mine) {
      if (!byNumber.has(t.blockNumber)) {
        byNumber.set(t.blockNumber, { number: t.blockNumber, hash: t.blockHash, parentHash: UNKNOWN_PARENT });
      }
    }
    // Consecutive headers read must chain: a break inside the recent window is a reorg during the read.
    for (const b of byNumber.values()) {
      const previous = byNumber.get(b.number - 1n);
      if (previous && !follows(b, previous.hash)) return null;
    }
    const channelOf = new Map(channels.map((c) => [c.token, c]));
    const seen = mine.map((t): SeenDeposit => {
      const channel = channelOf.get(t.token)!;
      const amount = toCurrencyUnits(t.value, channel.tokenDecimals, channel.decimals);
      return {
        memberId: members.get(t.to)!,
        currency: channel.currency,
        address: t.to,
        txHash: t.txHash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash,
        amount,
        status: amount < channel.minAmount ? 'below_minimum' : 'pending',
        required: channel.confirmations,
      };
    });
    return { seen, blocks: [...byNumber.values()] };
  }

  /** Credits what reached its confirmations, after checking its block is still the one at that height. */
  async function creditDue(
    head: bigint,
    channels: WatchedChannel[],
    genesis: string,
    toldAlready: ReadonlySet<string>,
  ): Promise<number> {
    const byCurrency = new Map(channels.map((c) => [c.currency, c]));
    const pending = await records.pending();
    const due = pending.filter((d) => {
      const c = byCurrency.get(d.currency);
      return c !== undefined && head - d.blockNumber + 1n >= BigInt(c.confirmations);
    });
    const numbers = [...new Set(due.map((d) => d.blockNumber))];
    const onChain = new Map((await readBlocks(client, numbers)).map((b) => [b.number, b.hash]));
    let credited = 0;
    for (const d of due) {
      const channel = byCurrency.get(d.currency)!;
      // A reorg since the deposit was read: the next pass rewinds and orphans it; never credit it now.
      if (onChain.get(d.blockNumber) !== d.blockHash) continue;
      const done = await creditChainDeposit(
        { db, ledger: options.ledger, notify: options.notify, records, network: network.name },
        {
          id: d.id,
          transferId: chainDepositTransferId(network.name, genesis, d.txHash, d.logIndex),
          confirmations: Number(head - d.blockNumber + 1n),
          required: channel.confirmations,
          decimals: channel.decimals,
        },
      );
      if (done) credited++;
    }
    // The rest count one more confirmation: told to their members when the head moved.
    if (head !== lastHead) {
      const dueIds = new Set(due.map((d) => d.id));
      await options.live.publishMany(
        db,
        pending
          .filter((d) => !dueIds.has(d.id) && !toldAlready.has(d.id))
          .map((d) => ({
            audience: { memberId: d.memberId },
            event: {
              type: 'deposit' as const,
              id: d.id,
              status: 'pending' as const,
              confirmations: Number(head - d.blockNumber + 1n),
              required: byCurrency.get(d.currency)?.confirmations ?? 0,
            },
          })),
      );
    }
    return credited;
  }

  return {
    network: network.name,

    async pass(): Promise<PassResult> {
      const head = await client.getBlockNumber();
      const found = await cursorFor(head);
      if (!found) return { head, cursor: -1n, seen: 0, credited: 0, rewoundTo: null };
      let cursor: Cursor = found;
      let rewoundTo: bigint | null = null;
      // The stored cursor block is still on the chain, or the chain changed below it.
      const [atCursor] = await readBlocks(client, [cursor.blockNumber]);
      const storedHash = await window.hashAt(cursor.blockNumber);
      if (storedHash !== null && atCursor?.hash !== storedHash) {
        cursor = await rewind(cursor);
        rewoundTo = cursor.blockNumber;
      }
      const channels = await watchedChannels(db, network.name);
      let seen = 0;
      let changes = 0;
      const told = new Set<string>();
      const recipients = channels.length > 0 && cursor.blockNumber < head ? await recipientFilter() : null;
      while (channels.length > 0 && cursor.blockNumber < head) {
        const end = cursor.blockNumber + batch;
        const to = end < head ? end : head;
        const range = await readRange(cursor, to, head, channels, recipients);
        if (!range) {
          // The chain changed under the read: rewind (often not at all) and read again; a chain that keeps
          // changing is left to the next pass.
          if (++changes > 3) break;
          cursor = await rewind(cursor);
          rewoundTo = cursor.blockNumber;
          continue;
        }
        for (const id of await records.record(range.seen, head)) told.add(id);
        const next: Cursor = { ...cursor, blockNumber: to };
        await db.transaction().execute(async (trx) => {
          await window.store(trx, range.blocks);
          await window.saveCursor(trx, next);
        });
        cursor = next;
        seen += range.seen.length;
        await options.afterBatch?.(to);
      }
      const credited = await creditDue(head, channels, cursor.genesisHash, told);
      await window.prune(head - RECENT_BLOCKS);
      lastHead = head;
      return { head, cursor: cursor.blockNumber, seen, credited, rewoundTo };
    },
  };
}

export type EvmWatcher = ReturnType<typeof createEvmWatcher>;
