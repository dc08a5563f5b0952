import type { TronTransaction } from '../tron/tron-transaction';
import type { TronPayerContext } from './tron-payer-context';

/**
 * Sends a stored signed transaction; sending it again is harmless (the id is the same). True when the
 * node took it or already had it (DUP_TRANSACTION_ERROR). Any other answer (expired, a signature the node
 * refused, the node down) leaves the payout as it is: only the chain says a payout failed, never a node's
 * answer to a broadcast, and an expired one is rebuilt once the chain shows it can no longer be mined.
 */
export async function broadcastTron(
  ctx: Pick<TronPayerContext, 'api'> & { log?: TronLog },
  rawTx: string,
): Promise<boolean> {
  try {
    const result = await ctx.api.broadcast(JSON.parse(rawTx) as TronTransaction);
    if (result.ok || result.code === 'DUP_TRANSACTION_ERROR') return true;
    ctx.log?.warn({ code: result.code, message: result.message }, 'TRON node refused a payout transaction');
    return false;
  } catch (error) {
    ctx.log?.warn({ error: (error as Error).message }, 'TRON node unreachable for a payout broadcast');
    return false;
  }
}

export interface TronLog {
  warn(obj: object, msg: string): void;
}
