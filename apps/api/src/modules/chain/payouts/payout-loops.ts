import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import { runTicks } from '../../bots/engine/tick-loop';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { createTronApi } from '../tron/tron-api';
import { createPayer } from './payer';
import { createTronPayer } from './tron-payer';

/** How often the worker's payers look for approved withdrawals and move payouts in flight on. */
const PAYOUT_PASS_MS = 5000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * One payer loop per watched EVM network (decision 61) and one for TRON when TRON_API_URL is set (decision
 * 69), in the worker process. Every worker runs them; the hot wallet's advisory lock lets one pass at a
 * time do the work. Nothing runs without an endpoint or without the hot wallet's key (a watch-only
 * platform pays by hand).
 */
export function startPayoutLoops(deps: {
  db: Db;
  config: Config;
  networks: ChainNetworks;
  keys: ChainKeys;
  wallet: WalletForChain;
  markPaid: (trx: Db, withdrawalId: string, txHash: string) => Promise<unknown>;
  log: Log;
}) {
  if (deps.networks.evm.size === 0 && !deps.networks.tron) return [];
  let keys: Pick<ChainKeys, 'hotWallet' | 'tronHotWallet'>;
  try {
    keys = { hotWallet: deps.keys.hotWallet, tronHotWallet: deps.keys.tronHotWallet };
  } catch (error) {
    deps.log.warn({ error: (error as Error).message }, 'payouts stay manual: no chain keys');
    return [];
  }
  const hotWallet = keys.hotWallet;
  const evm = hotWallet
    ? [...deps.networks.evm.values()].map((network) => {
        const payer = createPayer({
          db: deps.db,
          network: network.name,
          chainId: network.chainId,
          client: network.client,
          hotWallet,
          replaceAfterBlocks: deps.config.PAYOUT_REPLACE_AFTER_BLOCKS,
          wallet: deps.wallet,
          markPaid: deps.markPaid,
        });
        deps.log.info({ network: network.name, hotWallet: hotWallet.address }, 'payouts from the hot wallet');
        return runTicks(
          { tick: payer.pass },
          { intervalMs: PAYOUT_PASS_MS, log: deps.log, name: `payouts ${network.name}` },
        );
      })
    : [];
  const tron = deps.networks.tron;
  const tronHot = keys.tronHotWallet;
  if (!tron || !tronHot) return evm;
  const payer = createTronPayer({
    db: deps.db,
    api: createTronApi(tron.apiUrl, { apiKey: tron.apiKey }),
    hotWallet: tronHot,
    feeLimit: deps.config.TRON_PAYOUT_FEE_LIMIT_SUN,
    wallet: deps.wallet,
    markPaid: deps.markPaid,
    log: deps.log,
  });
  deps.log.info({ network: 'TRC20', hotWallet: tronHot.address }, 'payouts from the hot wallet');
  return [
    ...evm,
    runTicks({ tick: payer.pass }, { intervalMs: PAYOUT_PASS_MS, log: deps.log, name: 'payouts TRC20' }),
  ];
}
