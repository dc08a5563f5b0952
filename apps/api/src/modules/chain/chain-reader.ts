import type { NetworkName } from '@app/contracts';
import type { BlockRef } from './evm/block-window';
import type { ChainFamily } from './keys';

/** A token transfer as the deposit watcher needs it, whichever chain it was read from. */
export interface TokenTransfer {
  /** The token contract, in the family's address form (EIP-55 on EVM chains, base58 T... on TRON). */
  token: string;
  /**
   * The receiver as the chain names it (EVM: lowercase hex, as nodes answer; TRON: base58): what
   * `membersOf` looks up, and `normalize` turns into deposit_addresses' form.
   */
  to: string;
  value: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
}

/** The chain changed while a range was read: the watcher rewinds (often not at all) and reads it again. */
export class ChainChangedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainChangedError';
  }
}

/**
 * What the deposit watcher reads from a chain (decision 67): the one watcher pass (cursor, confirmations,
 * reorg rewind, crediting, flagging) runs over this, with an EVM reader (viem, JSON-RPC) and a TRON reader
 * (TRON's HTTP API).
 */
export interface ChainReader {
  network: NetworkName;
  family: ChainFamily;
  /** Blocks read in one range (EVM: one `eth_getLogs`; TRON: one request pair per block). */
  batchBlocks: bigint;
  head(): Promise<bigint>;
  /** What identifies the chain: a cursor read on another chain is refused (production) or reset. */
  identity(): Promise<{ chainId: number; genesisHash: string }>;
  /** Block headers by number, in the order asked. */
  blocks(numbers: readonly bigint[]): Promise<BlockRef[]>;
  /**
   * The Transfer events of `tokens` in [from, to]; `recipients` is a hint (null: all), a reader may return
   * more. `headers` are the blocks the reader read on the way (TRON reads each block; EVM none), so the
   * watcher does not ask for them again. Throws ChainChangedError when it saw the chain change under it.
   */
  transfers(p: {
    tokens: readonly string[];
    from: bigint;
    to: bigint;
    recipients: readonly string[] | null;
  }): Promise<{ transfers: TokenTransfer[]; headers: BlockRef[] }>;
  /** An address (token or member) in the form the reader returns and deposit_addresses stores. */
  normalize(address: string): string;
}
