import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Address, Hex } from 'viem';
import type { Db } from '../../db/database';
import { createLiveEvents } from '../../platform/live-events';
import { createSecretBox } from '../../platform/secret-box';
import { createLedgerService } from '../ledger/ledger.service';
import { createNotificationService } from '../notifications/notifications.service';
import { walletForChain } from '../wallet/wallet-for-chain';
import { createDepositAddresses } from './deposit-addresses';
import { createEvmWatcher, type WatcherOptions } from './deposit-watcher';
import type { DevChain } from './evm/dev-chain';
import { testTokenAbi } from './evm/test-token';
import { loadChainKeys } from './keys';

/**
 * What the watcher tests and the chain bench share: a dev chain's test USDT watched on ERC20, members'
 * deposit addresses, and a watcher wired as the worker wires it.
 */
export async function watcherFixture(db: Db, databaseUrl: string, chain: DevChain) {
  await db
    .updateTable('deposit_channels')
    .set({ token_address: chain.tokens.USDT, token_decimals: 6, min_amount: '1000000', confirmations: 6 })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'ERC20')
    .execute();
  const keys = loadChainKeys({
    dataDir: mkdtempSync(join(tmpdir(), 'chain-watch-')),
    production: false,
    box: createSecretBox(randomBytes(32)),
  });
  const addresses = createDepositAddresses({ db, keys });
  const ledger = createLedgerService({ db });
  const live = createLiveEvents({ databaseUrl });
  const notifications = createNotificationService({ db, live });
  const log = pino({ level: 'silent' });
  const watcher = (extra: Partial<Omit<WatcherOptions, 'reader'>> & { batchBlocks?: bigint } = {}) =>
    createEvmWatcher({
      db,
      wallet: walletForChain,
      network: { name: 'ERC20', chainId: chain.chainId, rpcUrl: chain.url, client: chain.client },
      addresses,
      ledger,
      notify: notifications.notify,
      live,
      log,
      production: false,
      ...extra,
    });

  /** Sends test USDT (minor units) from the funder; the transaction waits for the next mined block. */
  const send = (to: string, amount: bigint): Promise<Hex> =>
    chain.funder.writeContract({
      address: chain.tokens.USDT,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [to as Address, amount],
      account: chain.funder.account!,
      chain: chain.funder.chain,
    });
  const sendMany = (to: string[], amounts: bigint[]): Promise<Hex> =>
    chain.funder.writeContract({
      address: chain.tokens.USDT,
      abi: testTokenAbi,
      functionName: 'batchTransfer',
      args: [to as Address[], amounts],
      account: chain.funder.account!,
      chain: chain.funder.chain,
      gas: 30_000_000n,
    });
  return { addresses, ledger, live, notifications, watcher, send, sendMany };
}
