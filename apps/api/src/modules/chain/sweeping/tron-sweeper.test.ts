import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCreditedDeposit } from '../../../../test/chain-deposit-fixtures';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import { ACCOUNT_CREATION_FEE, startTronMock, type TronMock } from '../../../../test/tron-mock';
import type { Db } from '../../../db/database';
import { createSecretBox } from '../../../platform/secret-box';
import { walletForChain } from '../../wallet/wallet-for-chain';
import { createDepositAddresses } from '../deposit-addresses';
import { type ChainKeys, loadChainKeys } from '../keys';
import { createTronApi } from '../tron/tron-api';
import { createTronSweeper, type TronSweeper } from './tron-sweeper';

const silent = { info() {}, warn() {}, error() {} };
const FEE_LIMIT = 30_000_000;
/** A transaction expires 60 s (20 blocks of 3 s) after the head it was built on. */
const PAST_EXPIRATION = 21;

let tron: TronMock;
let db: Db;
let drop: () => Promise<void>;
let keys: ChainKeys;
let usdt: string;
let sweeper: TronSweeper;

/** A member who deposited `amount` USDT to their own TRON address, credited (as the watcher would). */
async function creditedDeposit(amount: bigint): Promise<string> {
  const memberId = await makeMember(db, 'tsweep');
  const address = await createDepositAddresses({ db, keys }).of(memberId, 'tron');
  tron.mint(usdt, address, amount);
  tron.mine();
  await recordCreditedDeposit(db, {
    memberId,
    network: 'TRC20',
    address,
    txHash: randomBytes(32).toString('hex'),
    block: tron.head(),
    amount,
  });
  return address;
}

async function rows(address: string) {
  return db
    .selectFrom('chain_sweeps')
    .select(['kind', 'status', 'amount'])
    .where('address', '=', address)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  tron = await startTronMock();
  ({ db, drop } = await createTestDb());
  keys = loadChainKeys({
    dataDir: mkdtempSync(join(tmpdir(), 'tron-sweep-keys-')),
    production: false,
    box: createSecretBox(randomBytes(32)),
  });
  usdt = tron.deployToken('tron-usdt-contract');
  await db
    .updateTable('deposit_channels')
    .set({ token_address: usdt, token_decimals: 6 })
    .where('currency', '=', 'USDT')
    .where('network', '=', 'TRC20')
    .execute();
  tron.setTrx(keys.tronGasWallet!.address, 500_000_000n);
  tron.setTrx(keys.tronHotWallet!.address, 0n);
  sweeper = createTronSweeper({
    db,
    wallet: walletForChain,
    keys,
    api: createTronApi(tron.url),
    feeLimit: FEE_LIMIT,
    log: silent,
  });
}, 60_000);

afterAll(async () => {
  await drop?.();
  await tron?.close();
});

describe('sweeping TRC-20 deposits into the TRON hot wallet', () => {
  it('sends the address TRX for its fee from the gas wallet, sweeps its tokens, and confirms, each once', async () => {
    const address = await creditedDeposit(250_000_000n);
    const hot = keys.tronHotWallet!.address;
    const gasBefore = tron.trxBalance(keys.tronGasWallet!.address);

    expect(await sweeper.pass()).toMatchObject({ gasSent: 1, swept: 0 });
    // The top-up is not mined yet: another pass sends nothing more.
    expect(await sweeper.pass()).toMatchObject({ gasSent: 0, swept: 0 });
    tron.mine();
    expect(tron.trxBalance(address)).toBe(BigInt(FEE_LIMIT));
    // A new account: TRON burns 1 TRX to create it, from the sender.
    expect(gasBefore - tron.trxBalance(keys.tronGasWallet!.address)).toBe(
      BigInt(FEE_LIMIT) + ACCOUNT_CREATION_FEE,
    );

    expect(await sweeper.pass()).toMatchObject({ confirmed: 1, swept: 1 });
    expect(await sweeper.pass()).toMatchObject({ gasSent: 0, swept: 0 });
    tron.mine();
    expect(await sweeper.pass()).toMatchObject({ confirmed: 1, gasSent: 0, swept: 0 });

    expect(tron.tokenBalance(usdt, address)).toBe(0n);
    expect(tron.tokenBalance(usdt, hot)).toBe(250_000_000n);
    expect(await rows(address)).toEqual([
      { kind: 'gas', status: 'confirmed', amount: String(FEE_LIMIT) },
      { kind: 'sweep', status: 'confirmed', amount: '250000000' },
    ]);
    // Nothing new credited: nothing to do, however many passes.
    expect(await sweeper.pass()).toEqual({ gasSent: 0, swept: 0, confirmed: 0, failed: 0 });
  });

  it('sends a stored transaction the node never got, and tries again after one expired unmined', async () => {
    const address = await creditedDeposit(40_000_000n);
    // The node loses the top-up: it expires unmined, is marked failed, and a new one is sent.
    tron.fateOfNextBroadcast('drop');
    expect(await sweeper.pass()).toMatchObject({ gasSent: 1 });
    tron.mine(PAST_EXPIRATION);
    expect(await sweeper.pass()).toMatchObject({ failed: 1, gasSent: 1 });
    tron.mine();
    expect(await sweeper.pass()).toMatchObject({ confirmed: 1, swept: 1 });
    tron.mine();
    expect(await sweeper.pass()).toMatchObject({ confirmed: 1 });
    expect(tron.tokenBalance(usdt, address)).toBe(0n);
    expect((await rows(address)).map((r) => `${r.kind}:${r.status}`)).toEqual([
      'gas:failed',
      'gas:confirmed',
      'sweep:confirmed',
    ]);

    // A stored row whose broadcast never happened (a crash between the insert and the send) is sent by
    // the next pass, once: the same transaction, not a second one.
    const again = await creditedDeposit(5_000_000n);
    expect(tron.trxBalance(again)).toBe(0n);
    const lost = createTronSweeper({
      db,
      wallet: walletForChain,
      keys,
      api: { ...createTronApi(tron.url), broadcast: async () => ({ ok: false, code: 'DOWN', message: '' }) },
      feeLimit: FEE_LIMIT,
      log: silent,
    });
    expect(await lost.pass()).toMatchObject({ gasSent: 1 });
    expect(tron.pendingBroadcasts()).toEqual([]);
    expect(await sweeper.pass()).toMatchObject({ gasSent: 0, swept: 0 });
    expect(tron.pendingBroadcasts()).toHaveLength(1);
    tron.mine();
    expect(tron.trxBalance(again)).toBe(BigInt(FEE_LIMIT));
  });

  it('does nothing with watch-only keys', async () => {
    const watchOnly = createTronSweeper({
      db,
      wallet: walletForChain,
      keys: { ...keys, tronHotWallet: null, tronGasWallet: null },
      api: createTronApi(tron.url),
      feeLimit: FEE_LIMIT,
      log: silent,
    });
    await creditedDeposit(5_000_000n);
    expect(await watchOnly.pass()).toEqual({ gasSent: 0, swept: 0, confirmed: 0, failed: 0 });
  });
});
