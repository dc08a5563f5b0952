import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCreditedDeposit } from '../../../../test/chain-deposit-fixtures';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../../../db/database';
import { createSecretBox } from '../../../platform/secret-box';
import { walletForChain } from '../../wallet/wallet-for-chain';
import { createDepositAddresses } from '../deposit-addresses';
import { type DevChain, startDevChain } from '../evm/dev-chain';
import { type ChainKeys, loadChainKeys } from '../keys';
import { connectChainNetworks } from '../networks';
import { createSweeper, type Sweeper } from './sweeper';

const silent = { info() {}, warn() {}, error() {} };

let chain: DevChain;
let db: Db;
let drop: () => Promise<void>;
let keys: ChainKeys;
let sweeper: Sweeper;

const tokenBalance = (address: Address) =>
  chain.client.readContract({
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

/** A member who deposited `amount` test USDT to their own address, credited (as the watcher would). */
async function creditedDeposit(amount: bigint): Promise<Address> {
  const memberId = await makeMember(db, 'sweep');
  const address = (await createDepositAddresses({ db, keys }).of(memberId, 'evm')) as Address;
  const hash = await chain.funder.writeContract({
    account: chain.funder.account!,
    chain: chain.funder.chain,
    address: chain.tokens.USDT,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, amount],
  });
  await chain.mine();
  await recordCreditedDeposit(db, {
    memberId,
    network: 'ERC20',
    address,
    txHash: hash,
    block: Number(await chain.client.getBlockNumber()),
    amount,
  });
  return address;
}

beforeAll(async () => {
  chain = await startDevChain();
  ({ db, drop } = await createTestDb());
  keys = loadChainKeys({
    dataDir: mkdtempSync(join(tmpdir(), 'sweep-keys-')),
    production: false,
    box: createSecretBox(randomBytes(32)),
  });
  await db
    .updateTable('deposit_channels')
    .set({ token_address: chain.tokens.USDT })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'ERC20')
    .execute();
  // The gas wallet needs ether to top deposit addresses up with.
  await chain.funder.sendTransaction({
    account: chain.funder.account!,
    chain: chain.funder.chain,
    to: keys.gasWallet!.address,
    value: parseEther('10'),
  });
  await chain.mine();
  const networks = await connectChainNetworks({ rpcUrls: { ERC20: chain.url } });
  sweeper = createSweeper({
    db,
    wallet: walletForChain,
    keys,
    network: networks.evm.get('ERC20')!,
    log: silent,
  });
}, 60_000);

afterAll(async () => {
  await drop?.();
  await chain?.stop();
});

describe('sweeping deposits into the hot wallet', () => {
  it('tops the address up with gas, sweeps its tokens, and confirms, each once', async () => {
    const address = await creditedDeposit(250_000_000n);
    const hot = keys.hotWallet!.address;
    const hotBefore = await tokenBalance(hot);

    expect(await sweeper.pass()).toMatchObject({ gasSent: 1, swept: 0 });
    // The top-up is not mined yet: another pass sends nothing more.
    expect(await sweeper.pass()).toMatchObject({ gasSent: 0, swept: 0 });
    await chain.mine();

    expect(await sweeper.pass()).toMatchObject({ confirmed: 1, swept: 1 });
    expect(await sweeper.pass()).toMatchObject({ gasSent: 0, swept: 0 });
    await chain.mine();
    expect(await sweeper.pass()).toMatchObject({ confirmed: 1, gasSent: 0, swept: 0 });

    expect(await tokenBalance(address)).toBe(0n);
    expect((await tokenBalance(hot)) - hotBefore).toBe(250_000_000n);
    const sweeps = await db
      .selectFrom('chain_sweeps')
      .select(['kind', 'status'])
      .where('address', '=', address)
      .execute();
    expect(sweeps).toEqual([
      { kind: 'gas', status: 'confirmed' },
      { kind: 'sweep', status: 'confirmed' },
    ]);
  });

  it('sweeps again after a later deposit to the same address, and never without one', async () => {
    const address = await creditedDeposit(10_000_000n);
    await sweeper.pass();
    await chain.mine();
    await sweeper.pass();
    await chain.mine();
    await sweeper.pass();
    expect(await tokenBalance(address)).toBe(0n);

    // Nothing new credited: nothing to do, however many passes.
    expect(await sweeper.pass()).toEqual({ gasSent: 0, swept: 0, confirmed: 0, failed: 0 });
  });

  it('does nothing with watch-only keys', async () => {
    const watchOnly = createSweeper({
      db,
      wallet: walletForChain,
      keys: { ...keys, hotWallet: null, gasWallet: null },
      network: (await connectChainNetworks({ rpcUrls: { ERC20: chain.url } })).evm.get('ERC20')!,
      log: silent,
    });
    await creditedDeposit(5_000_000n);
    expect(await watchOnly.pass()).toEqual({ gasSent: 0, swept: 0, confirmed: 0, failed: 0 });
  });
});
