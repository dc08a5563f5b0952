import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import { runTicks } from '../../bots/engine/tick-loop';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { createPayer } from './payer';

/** How often the worker's payers look for approved withdrawals and move payouts in flight on. */
const PAYOUT_PASS_MS = 5000;

/**
 * One payer loop per watched EVM network, in the worker process (decision 61). Every worker runs them;
 * the hot wallet's advisory lock lets one pass at a time do the work. Nothing runs without an RPC or
 * without the hot wallet's key (a watch-only platform pays by hand).
 */
export function startPayoutLoops(deps: {
  db: Db;
  config: Config;
  networks: ChainNetworks;
  keys: ChainKeys;
  markPaid: (trx: Db, withdrawalId: string, txHash: string) => Promise<unknown>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  if (deps.networks.evm.size === 0) return [];
  let hotWallet: ChainKeys['hotWallet'];
  try {
    hotWallet = deps.keys.hotWallet;
  } catch (error) {
    deps.log.warn({ error: (error as Error).message }, 'payouts stay manual: no chain keys');
    return [];
  }
  if (!hotWallet) return [];
  return [...deps.networks.evm.values()].map((network) => {
    const payer = createPayer({
      db: deps.db,
      network: network.name,
      chainId: network.chainId,
      client: network.client,
      hotWallet,
      replaceAfterBlocks: deps.config.PAYOUT_REPLACE_AFTER_BLOCKS,
      markPaid: deps.markPaid,
    });
    deps.log.info({ network: network.name, hotWallet: hotWallet.address }, 'payouts from the hot wallet');
    return runTicks(
      { tick: payer.pass },
      { intervalMs: PAYOUT_PASS_MS, log: deps.log, name: `payouts ${network.name}` },
    );
  });
}
