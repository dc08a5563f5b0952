import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { LiveEvents } from '../../platform/live-events';
import { runTicks } from '../bots/engine/tick-loop';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { WalletForChain } from '../wallet/wallet-for-chain';
import type { ChainReader } from './chain-reader';
import type { DepositAddresses } from './deposit-addresses';
import { createDepositWatcher, RECENT_BLOCKS } from './deposit-watcher';
import { createEvmReader } from './evm/evm-reader';
import type { ChainNetworks } from './networks';
import { createTronApi } from './tron/tron-api';
import { createTronReader } from './tron/tron-reader';
import { createWatcherLock } from './watcher-lock';

/** A watcher pass a second: a deposit is seen and credited within about a second of its block. */
export const CHAIN_WATCH_MS = 1000;

/**
 * The deposit watchers the worker runs: one per connected EVM network and one for TRON when its HTTP API is
 * configured (TRON_API_URL), each only while this worker holds the network's lock. A network watched for the first time starts at genesis outside production (the
 * development chain is short) and a little below the head in production.
 */
export function startChainWatchers(deps: {
  db: Db;
  databaseUrl: string;
  networks: ChainNetworks;
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  addresses: Pick<DepositAddresses, 'membersOf' | 'all'>;
  ledger: LedgerService;
  notify: NotificationService['notify'];
  live: LiveEvents;
  log: Logger;
  production: boolean;
}) {
  const readers: ChainReader[] = [...deps.networks.evm.values()].map((network) => createEvmReader(network));
  if (deps.networks.tron)
    readers.push(
      createTronReader(createTronApi(deps.networks.tron.apiUrl, { apiKey: deps.networks.tron.apiKey })),
    );
  const running = readers.map((reader) => {
    const network = { name: reader.network };
    const lock = createWatcherLock({ databaseUrl: deps.databaseUrl, name: network.name });
    const watcher = createDepositWatcher({
      db: deps.db,
      reader,
      wallet: deps.wallet,
      addresses: deps.addresses,
      ledger: deps.ledger,
      notify: deps.notify,
      live: deps.live,
      log: deps.log,
      production: deps.production,
      startAfter: (head) => (deps.production && head > RECENT_BLOCKS ? head - RECENT_BLOCKS : 0n),
    });
    const loop = runTicks(
      {
        tick: async () => {
          if (await lock.held()) await watcher.pass();
        },
      },
      { intervalMs: CHAIN_WATCH_MS, log: deps.log, name: `${network.name} deposit watcher` },
    );
    return { loop, lock };
  });
  return {
    async stop(): Promise<void> {
      await Promise.all(running.map((r) => r.loop.stop()));
      await Promise.all(running.map((r) => r.lock.release()));
    },
  };
}
