import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTronMock, type TronMock } from '../../../../test/tron-mock';
import { createTronApi, TronApiError } from './tron-api';

let tron: TronMock;

beforeAll(async () => {
  tron = await startTronMock();
});
afterAll(async () => {
  await tron?.close();
});

describe("TRON's HTTP API client", () => {
  it('reads blocks with their parents, and nothing past the head', async () => {
    const api = createTronApi(tron.url);
    tron.mine(3);
    const head = await api.head();
    expect(head.number).toBe(tron.head());
    const previous = await api.block(head.number - 1);
    expect(head.parentHash).toBe(previous!.hash);
    expect(await api.block(head.number + 1)).toBeNull();
  });

  it('finds TRC-20 transfers of the tokens asked for, and skips failed transactions and other tokens', async () => {
    const api = createTronApi(tron.url);
    const usdt = tron.addressOf('usdt-contract');
    const other = tron.addressOf('other-token');
    const member = tron.addressOf('member-1');
    const paid = tron.transfer(usdt, member, 25_000_000n);
    tron.transfer(usdt, member, 7n, 'REVERT');
    tron.transfer(other, member, 9n);
    tron.mine();
    const found = await api.transfers(tron.head(), new Set([usdt]));
    expect(found).toEqual([
      { txHash: paid, logIndex: 0, blockNumber: tron.head(), token: usdt, to: member, amount: 25_000_000n },
    ]);
  });

  it('sends the TronGrid API key when one is configured', async () => {
    await createTronApi(tron.url, { apiKey: 'grid-key-1' }).head();
    expect(tron.apiKeys.at(-1)).toBe('grid-key-1');
    await createTronApi(tron.url).head();
    expect(tron.apiKeys.at(-1)).toBe('');
  });

  it("answers the node's error shape with an error, not a crash", async () => {
    const api = createTronApi(tron.url);
    await expect(api.block(-1)).rejects.toBeInstanceOf(TronApiError);
    const down = createTronApi('http://127.0.0.1:9');
    await expect(down.head()).rejects.toThrow();
  });
});
