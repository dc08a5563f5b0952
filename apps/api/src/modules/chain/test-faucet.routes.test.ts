import type { TDepositInfo, TTestFaucetResult } from '@app/contracts';
import { type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { type DevChain, startDevChain } from './evm/dev-chain';
import { connectChainNetworks } from './networks';
import { TEST_FAUCET_AMOUNT } from './test-faucet';

const FAUCET = '/api/wallet/deposits/test-faucet';
let chain: DevChain;
let t: TestApp;
/** The same platform without a development chain: what production looks like to the faucet. */
let bare: TestApp;

async function member(app: TestApp, username = 'alice01'): Promise<Client> {
  const client = new Client(app.app);
  await client.login(username);
  return client;
}

const balanceOf = (token: Address, owner: Address) =>
  chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

beforeAll(async () => {
  chain = await startDevChain();
  const networks = await connectChainNetworks({
    rpcUrls: { ERC20: chain.url },
    dev: { url: chain.url, tokens: chain.tokens, funder: chain.funder },
  });
  [t, bare] = await Promise.all([
    createTestApp({}, { chain: networks }),
    createTestApp({ MONEY_RATE_LIMIT_PER_MINUTE: '3' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await chain?.stop();
});

describe('test faucet (development only)', () => {
  it('sends 100 test USDT to the member’s own deposit address on the dev chain', async () => {
    const alice = await member(t);
    const info = await alice.get<TDepositInfo>('/api/wallet/deposits/info');
    expect(info.body.testFaucet).toBe(true);
    const own = info.body.channels.find((c) => c.network === 'ERC20' && c.currency === 'USDT')!.address;

    const sent = await alice.post<TTestFaucetResult>(FAUCET, { currency: 'USDT', network: 'ERC20' });
    expect(sent.status).toBe(200);
    expect(sent.body.address).toBe(own);
    expect(sent.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(chain.tokens.USDT, own as Address)).toBe(0n);

    await chain.mine(1);
    const receipt = await chain.client.getTransactionReceipt({ hash: sent.body.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(await balanceOf(chain.tokens.USDT, own as Address)).toBe(TEST_FAUCET_AMOUNT);
    expect(await balanceOf(chain.tokens.USDC, own as Address)).toBe(0n);
  });

  it('sends test USDC to another member’s own address, not the first one’s', async () => {
    const bobby = await member(t, 'bobby01');
    const sent = await bobby.post<TTestFaucetResult>(FAUCET, { currency: 'USDC', network: 'ERC20' });
    expect(sent.status).toBe(200);
    await chain.mine(1);
    expect(await balanceOf(chain.tokens.USDC, sent.body.address as Address)).toBe(TEST_FAUCET_AMOUNT);
    const alice = await member(t);
    const hers = (await alice.get<TDepositInfo>('/api/wallet/deposits/info')).body.channels[0]!.address;
    expect(sent.body.address).not.toBe(hers);
  });

  it('refuses a stranger (not signed in)', async () => {
    const stranger = new Client(t.app);
    const r = await stranger.post(FAUCET, { currency: 'USDT', network: 'ERC20' });
    expect(r.status).toBe(401);
  });

  it('refuses a token or network the dev chain does not have', async () => {
    const alice = await member(t);
    expect((await alice.post(FAUCET, { currency: 'BTC', network: 'ERC20' })).status).toBe(400);
    expect((await alice.post(FAUCET, { currency: 'USDT', network: 'TRC20' })).status).toBe(400);
  });

  it('is not there without a development chain (production, or real RPCs)', async () => {
    const alice = await member(bare);
    const info = await alice.get<TDepositInfo>('/api/wallet/deposits/info');
    expect(info.body.testFaucet).toBe(false);
    const r = await alice.post<{ code: string }>(FAUCET, { currency: 'USDT', network: 'ERC20' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('TEST_FAUCET_UNAVAILABLE');
  });

  it('is limited like a money action', async () => {
    const bobby = await member(bare, 'bobby01');
    bobby.ip = '10.0.0.77';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await bobby.post(FAUCET, { currency: 'USDT', network: 'ERC20' })).status);
    }
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
