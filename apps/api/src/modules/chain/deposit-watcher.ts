import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { own } from '../../db/tables';
import type { LiveEvents } from '../../platform/live-events';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { WalletForChain } from '../wallet/wallet-for-chain';
import { ChainChangedError, type ChainReader } from './chain-reader';
import type { DepositAddresses } from './deposit-addresses';
import { type BlockRef, type Cursor, createBlockWindow } from './evm/block-window';
import { chainDepositTransferId, creditChainDeposit } from './evm/deposit-crediting';
import { createDepositRecords, type SeenDeposit } from './evm/deposit-records';
import { createEvmReader } from './evm/evm-reader';
import { TOPIC_FILTER_MAX } from './evm/transfer-logs';
import { toCurrencyUnits, type WatchedChannel, watchedChannels } from './evm/watched-channels';
import type { EvmNetwork } from './networks';

/** Recent blocks whose hashes are kept, however quiet: how deep a reorg the watcher follows exactly. */
export const RECENT_BLOCKS = 64n;

export interface WatcherOptions {
  db: Db;
  reader: ChainReader;
  /** Wallet's deposit channels: which tokens are watched, with their minimum and confirmations. */
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  addresses: Pick<DepositAddresses, 'membersOf'>;
  ledger: LedgerService;
  notify: NotificationService['notify'];
  live: LiveEvents;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Production refuses a chain other than the one the cursor was on; development starts afresh. */
  production: boolean;
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

interface ReadRange {
  to: bigint;
  seen: SeenDeposit[];
  blocks: BlockRef[];
}

/**
 * The deposit watcher of one network, EVM or TRON alike (decisions 54 and 67): what differs is the
 * ChainReader. A pass reads the head, checks that the cursor is still on this chain, walks forward in
 * ranges reading the token contracts' Transfer events to members' addresses, stores each deposit once,
 * follows reorgs through the stored block hashes, and credits the deposits that reached their channel's
 * confirmations. Everything it does is idempotent, so a pass cut short anywhere is finished by the next
 * one, by this watcher or another. While a range is written, the next one is already being read.
 */
export function createDepositWatcher(options: WatcherOptions) {
  const { db, reader, log } = options;
  const network = reader.network;
  const window = createBlockWindow({ db, network });
  const records = createDepositRecords({ db, network, live: options.live });
  let lastHead: bigint | null = null;

  /** The cursor to continue from: made on the first pass, reset for a new development chain. */
  async function cursorFor(
    head: bigint,
    { chainId, genesisHash }: { chainId: number; genesisHash: string },
    stored: Cursor | null,
  ): Promise<Cursor | null> {
    if (stored && stored.chainId === chainId && stored.genesisHash === genesisHash) return stored;
    if (stored) {
      if (options.production) {
        log.error(
          { network, stored, chainId, genesisHash },
          'chain watcher: the node serves another chain than the one already read; not watching',
        );
        return null;
      }
      log.warn({ network }, 'chain watcher: a new development chain; reading it afresh');
    }
    const fresh: Cursor = { chainId, genesisHash, blockNumber: options.startAfter?.(head) ?? 0n };
    const [start] = await reader.blocks([fresh.blockNumber]);
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
      const [onChain] = await reader.blocks([stored.number]).catch((error: unknown) => {
        if (error instanceof ChainChangedError) return [];
        throw error;
      });
      if (onChain?.hash === stored.hash) {
        common = stored.number;
        break;
      }
    }
    if (common === null) {
      common = lowest > 0n ? lowest - 1n : 0n;
      log.error({ network, below: lowest }, 'chain watcher: reorg deeper than the stored blocks');
    }
    const rewound = { ...cursor, blockNumber: common };
    const flagged = await db.transaction().execute(async (trx) => {
      const flagged = await records.leaveChainAbove(trx, common);
      await window.dropAbove(trx, common);
      await window.saveCursor(trx, rewound);
      return flagged;
    });
    log.warn({ network, from: cursor.blockNumber, to: common }, 'chain watcher: reorg, rewound');
    for (const f of flagged) {
      log.error(
        { network, deposit: f.id, member: f.memberId, tx: f.txHash },
        'chain watcher: a CREDITED deposit left the chain; flagged for an admin',
      );
    }
    return rewound;
  }

  /** With few members the node filters by recipient; with many every Transfer is read and looked up. */
  async function recipientFilter(): Promise<string[] | null> {
    const some = await own<'deposit_addresses'>(db)
      .selectFrom('deposit_addresses')
      .select('address')
      .where('family', '=', reader.family)
      .limit(TOPIC_FILTER_MAX + 1)
      .execute();
    return some.length <= TOPIC_FILTER_MAX ? some.map((a) => a.address) : null;
  }

  /**
   * Reads (cursor, to]: null when the chain changed under the read (the first block is not built on the
   * cursor block, or the range's last block changed while its transfers were read). `cursorHash` is the
   * cursor block's hash as last read (null: not known).
   */
  async function readRange(
    cursor: bigint,
    cursorHash: string | null,
    to: bigint,
    head: bigint,
    channels: WatchedChannel[],
    recipients: string[] | null,
  ): Promise<ReadRange | null> {
    try {
      const from = cursor + 1n;
      const recentFrom = head - RECENT_BLOCKS + 1n > from ? head - RECENT_BLOCKS + 1n : from;
      const edges = new Set<bigint>([from, to]);
      for (let n = recentFrom; n <= to; n++) edges.add(n);
      const [before, read] = await Promise.all([
        reader.blocks([...edges]),
        reader.transfers({ tokens: channels.map((c) => c.token), from, to, recipients }),
      ]);
      const byNumber = new Map(before.map((b) => [b.number, b]));
      // The reader's own headers (TRON reads every block) must agree with the edges read beside them.
      const headerOf = new Map(read.headers.map((b) => [b.number, b]));
      for (const b of before)
        if (headerOf.has(b.number) && headerOf.get(b.number)!.hash !== b.hash) return null;
      if (cursorHash !== null && !follows(byNumber.get(from)!, cursorHash)) return null;
      const [members, [after]] = await Promise.all([
        options.addresses.membersOf(reader.family, [...new Set(read.transfers.map((t) => t.to))]),
        reader.blocks([to]),
      ]);
      const mine = read.transfers.filter((t) => members.has(t.to));
      if (after!.hash !== byNumber.get(to)!.hash) return null;
      if (
        mine.some((t) => byNumber.has(t.blockNumber) && byNumber.get(t.blockNumber)?.hash !== t.blockHash)
      ) {
        return null;
      }
      // A deposit's block is kept by the hash its log names (EVM: no header asked, during a catch-up that
      // would cost one request per block); crediting checks that hash against the chain again.
      for (const t of mine) {
        if (!byNumber.has(t.blockNumber)) {
          byNumber.set(
            t.blockNumber,
            headerOf.get(t.blockNumber) ?? {
              number: t.blockNumber,
              hash: t.blockHash,
              parentHash: UNKNOWN_PARENT,
            },
          );
        }
      }
      // Consecutive headers read must chain: a break inside the recent window is a reorg during the read.
      for (const b of byNumber.values()) {
        const previous = byNumber.get(b.number - 1n);
        if (previous && !follows(b, previous.hash)) return null;
      }
      for (const b of read.headers) {
        const previous = headerOf.get(b.number - 1n) ?? byNumber.get(b.number - 1n);
        if (previous && !follows(b, previous.hash)) return null;
      }
      const channelOf = new Map(channels.map((c) => [c.token, c]));
      const seen = mine.map((t): SeenDeposit => {
        const channel = channelOf.get(t.token)!;
        const amount = toCurrencyUnits(t.value, channel.tokenDecimals, channel.decimals);
        return {
          memberId: members.get(t.to)!,
          currency: channel.currency,
          // Only members' addresses take the stored form (EIP-55: a hash each), not every recipient read.
          address: reader.normalize(t.to),
          txHash: t.txHash,
          logIndex: t.logIndex,
          blockNumber: t.blockNumber,
          blockHash: t.blockHash,
          amount,
          status: amount < channel.minAmount ? 'below_minimum' : 'pending',
          required: channel.confirmations,
        };
      });
      return { to, seen, blocks: [...byNumber.values()] };
    } catch (error) {
      if (error instanceof ChainChangedError) return null;
      throw error;
    }
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
    const onChain = new Map(
      (
        await reader.blocks(numbers).catch((error: unknown) => {
          if (error instanceof ChainChangedError) return [];
          throw error;
        })
      ).map((b) => [b.number, b.hash]),
    );
    let credited = 0;
    for (const d of due) {
      const channel = byCurrency.get(d.currency)!;
      // A reorg since the deposit was read: the next pass rewinds and orphans it; never credit it now.
      if (onChain.get(d.blockNumber) !== d.blockHash) continue;
      const done = await creditChainDeposit(
        { db, ledger: options.ledger, notify: options.notify, records, network },
        {
          id: d.id,
          transferId: chainDepositTransferId(network, genesis, d.txHash, d.logIndex),
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
    network,

    async pass(): Promise<PassResult> {
      // What a pass starts from, asked side by side rather than one round trip after another (decision 70):
      // none of these reads depends on another.
      const [head, identity, stored, channels] = await Promise.all([
        reader.head(),
        reader.identity(),
        window.cursor(),
        watchedChannels(db, options.wallet, network, reader.normalize),
      ]);
      const filter = channels.length > 0 ? recipientFilter() : Promise.resolve(null);
      filter.catch(() => {}); // awaited below only when there is something to read
      const found = await cursorFor(head, identity, stored);
      if (!found) return { head, cursor: -1n, seen: 0, credited: 0, rewoundTo: null };
      let cursor: Cursor = found;
      let rewoundTo: bigint | null = null;
      // The stored cursor block is still on the chain, or the chain changed below it.
      let [[atCursor], cursorHash] = await Promise.all([
        reader.blocks([cursor.blockNumber]).catch((error: unknown) => {
          if (error instanceof ChainChangedError) return [];
          throw error;
        }),
        window.hashAt(cursor.blockNumber),
      ]);
      if (cursorHash !== null && atCursor?.hash !== cursorHash) {
        cursor = await rewind(cursor);
        rewoundTo = cursor.blockNumber;
        cursorHash = await window.hashAt(cursor.blockNumber);
      }
      let seen = 0;
      let changes = 0;
      const told = new Set<string>();
      const recipients = channels.length > 0 && cursor.blockNumber < head ? await filter : null;
      const start = (from: bigint, hash: string | null) => {
        const end = from + reader.batchBlocks;
        const read = readRange(from, hash, end < head ? end : head, head, channels, recipients);
        // Read while the range before is written; a pass that stops meanwhile leaves it unawaited.
        read.catch(() => {});
        return read;
      };
      let reading =
        channels.length > 0 && cursor.blockNumber < head ? start(cursor.blockNumber, cursorHash) : null;
      while (reading) {
        const range = await reading;
        if (!range) {
          // The chain changed under the read: rewind (often not at all) and read again; a chain that keeps
          // changing is left to the next pass.
          reading = null;
          if (++changes > 3) break;
          cursor = await rewind(cursor);
          rewoundTo = cursor.blockNumber;
          reading = start(cursor.blockNumber, await window.hashAt(cursor.blockNumber));
          continue;
        }
        const next: Cursor = { ...cursor, blockNumber: range.to };
        const toHash = range.blocks.find((b) => b.number === range.to)?.hash ?? null;
        reading = range.to < head ? start(range.to, toHash) : null;
        const ids = await db.transaction().execute(async (trx) => {
          const ids = await records.record(trx, range.seen, head);
          await window.store(trx, range.blocks);
          await window.saveCursor(trx, next);
          return ids;
        });
        for (const id of ids) told.add(id);
        cursor = next;
        seen += range.seen.length;
        await options.afterBatch?.(range.to);
      }
      const credited = await creditDue(head, channels, cursor.genesisHash, told);
      await window.prune(head - RECENT_BLOCKS);
      await window.passed(head);
      lastHead = head;
      return { head, cursor: cursor.blockNumber, seen, credited, rewoundTo };
    },
  };
}

export type DepositWatcher = ReturnType<typeof createDepositWatcher>;

/** The watcher of an EVM network (ERC20, BEP20), reading through viem. */
export function createEvmWatcher(
  options: Omit<WatcherOptions, 'reader'> & { network: EvmNetwork; batchBlocks?: bigint },
): DepositWatcher {
  const { network, batchBlocks, ...rest } = options;
  return createDepositWatcher({ ...rest, reader: createEvmReader(network, batchBlocks) });
}
