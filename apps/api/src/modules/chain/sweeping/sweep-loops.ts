import type { AnyDb } from '../../../db/tables';
import type { ServiceLog } from '../../../platform/module';
import { runTicks } from '../../bots/engine/tick-loop';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { createSweeper } from './sweeper';

/** Sweeps are not urgent: the money is the platform's from the moment the deposit is credited. */
const SWEEP_PASS_MS = 10_000;

/** One sweeper loop per connected EVM network, in the worker (decision 62); each pass takes its lock. */
export function startSweepLoops(deps: {
  db: AnyDb;
  networks: ChainNetworks;
  keys: ChainKeys;
  log: ServiceLog;
}) {
  const loops = [...deps.networks.evm.values()].map((network) => {
    const sweeper = createSweeper({ db: deps.db, keys: deps.keys, network, log: deps.log });
    return runTicks(
      { tick: () => sweeper.pass() },
      { intervalMs: SWEEP_PASS_MS, log: deps.log, name: `${network.name} sweeper` },
    );
  });
  return { stop: () => Promise.all(loops.map((l) => l.stop())) };
}
