import type { Hex, PublicClient } from 'viem';

/**
 * Answers of a node to a transaction it has already seen, or whose nonce is taken: the caller decides from
 * receipts whether one of ours was mined (success) or another transaction took the nonce.
 */
const ALREADY_SEEN = /already known|known transaction|already imported|nonce too low/i;

export type BroadcastResult = 'sent' | 'already_seen' | 'nonce_taken' | 'unreachable';

/** Sends a stored signed transaction; sending it again is harmless. */
export async function broadcast(client: PublicClient, raw: Hex): Promise<BroadcastResult> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return 'sent';
  } catch (error) {
    const message = `${(error as Error).message} ${String((error as { details?: unknown }).details ?? '')}`;
    if (/nonce too low/i.test(message)) return 'nonce_taken';
    if (ALREADY_SEEN.test(message)) return 'already_seen';
    return 'unreachable';
  }
}
