import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockExchange, startMockExchange } from './mock-exchange';

/**
 * The mocks answer a wrong signature the way each exchange does, checked here with hand-made requests
 * (the connector tests only see what ccxt makes of it).
 */
describe('mock exchanges', () => {
  const credentials = { apiKey: 'raw-key', secret: 'raw-secret' };
  let mock: MockExchange | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('binance: a correct HMAC-SHA256 of the query passes, a wrong one gets -1022', async () => {
    mock = await startMockExchange('binance', credentials);
    const query = `timestamp=${Date.now()}`;
    const sign = (secret: string) => createHmac('sha256', secret).update(query).digest('hex');
    const get = (secret: string) =>
      fetch(`${mock!.url}/api/v3/account?${query}&signature=${sign(secret)}`, {
        headers: { 'X-MBX-APIKEY': credentials.apiKey },
      });
    expect((await get(credentials.secret)).status).toBe(200);
    const refused = await get('other');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: -1022, msg: 'Signature for this request is not valid.' });
  });

  it('bybit: the signature covers timestamp, key, recvWindow and query; a wrong one gets retCode 10004', async () => {
    mock = await startMockExchange('bybit', credentials);
    const timestamp = String(Date.now());
    const query = 'accountType=UNIFIED';
    const sign = (secret: string) =>
      createHmac('sha256', secret).update(`${timestamp}${credentials.apiKey}5000${query}`).digest('hex');
    const get = async (secret: string) =>
      (await (
        await fetch(`${mock!.url}/v5/account/wallet-balance?${query}`, {
          headers: {
            'X-BAPI-API-KEY': credentials.apiKey,
            'X-BAPI-TIMESTAMP': timestamp,
            'X-BAPI-RECV-WINDOW': '5000',
            'X-BAPI-SIGN': sign(secret),
          },
        })
      ).json()) as { retCode: number };
    expect((await get(credentials.secret)).retCode).toBe(0);
    expect((await get('other')).retCode).toBe(10004);
  });

  it('gate: the SHA-512 signature covers method, path, query, body hash and time; a wrong one gets INVALID_SIGNATURE', async () => {
    mock = await startMockExchange('gate', credentials);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const emptyBodyHash =
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';
    const sign = (secret: string) =>
      createHmac('sha512', secret)
        .update(['GET', '/api/v4/account/detail', '', emptyBodyHash, timestamp].join('\n'))
        .digest('hex');
    const get = (secret: string) =>
      fetch(`${mock!.url}/api/v4/account/detail`, {
        headers: { KEY: credentials.apiKey, Timestamp: timestamp, SIGN: sign(secret) },
      });
    const accepted = await get(credentials.secret);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ ip_whitelist: ['127.0.0.1'] });
    const refused = await get('other');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ label: 'INVALID_SIGNATURE', message: 'Signature mismatch' });
  });

  it('is steered over HTTP when it runs as its own process (serve.ts)', async () => {
    mock = await startMockExchange('binance', credentials);
    const post = (path: string, body: unknown) =>
      fetch(`${mock!.url}/__mock/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('key-rights', { withdraw: true })).status).toBe(200);
    expect(mock.state.keyRights.withdraw).toBe(true);
    expect((await post('price', { symbol: 'BTC/USDT', price: '70000' })).status).toBe(200);
    expect(mock.state.priceOf('BTC/USDT:USDT')).toBe('70000');
    expect((await post('price', { symbol: 'XRP/USDT', price: '1' })).status).toBe(400);
    expect((await post('fail-next', { kind: 'rateLimit' })).status).toBe(200);
    expect((await fetch(`${mock.url}/api/v3/exchangeInfo`)).status).toBe(429);
    expect((await fetch(`${mock.url}/api/v3/exchangeInfo`)).status).toBe(200);
  });
});
