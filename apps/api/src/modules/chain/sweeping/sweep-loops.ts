import type { AnyDb } from '../../../db/tables';
import type { ServiceLog } from '../../../platform/module';
import { runTicks } from '../../bots/engine/tick-loop';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { createTronApi } from '../tron/tron-api';
import { createSweeper } from './sweeper';
import { createTronSweeper } from './tron-sweeper';

/** Sweeps are not urgent: the money is the platform's from the moment the deposit is credited. */
const SWEEP_PASS_MS = 10_000;

/**
 * One sweeper loop per connected EVM network (decision 62) and one for TRON when its API is set (decision
 * 69), in the worker; each pass takes its lock. `tronFeeLimit`: sun a TRON sweep may burn for energy.
 */
export function startSweepLoops(deps: {
  db: AnyDb;
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  networks: ChainNetworks;
  keys: ChainKeys;
  log: ServiceLog;
  tronFeeLimit: number;
}) {
  const loops = [...deps.networks.evm.values()].map((network) => {
    const sweeper = createSweeper({
      db: deps.db,
      wallet: deps.wallet,
      keys: deps.keys,
      network,
      log: deps.log,
    });
    return runTicks(
      { tick: () => sweeper.pass() },
      { intervalMs: SWEEP_PASS_MS, log: deps.log, name: `${network.name} sweeper` },
    );
  });
  const tron = deps.networks.tron;
  if (tron) {
    const sweeper = createTronSweeper({
      db: deps.db,
      wallet: deps.wallet,
      keys: deps.keys,
      api: createTronApi(tron.apiUrl, { apiKey: tron.apiKey }),
      feeLimit: deps.tronFeeLimit,
      log: deps.log,
    });
    loops.push(
      runTicks(
        { tick: () => sweeper.pass() },
        { intervalMs: SWEEP_PASS_MS, log: deps.log, name: 'TRC20 sweeper' },
      ),
    );
  }
  return { stop: () => Promise.all(loops.map((l) => l.stop())) };
}
