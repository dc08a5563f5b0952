import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../platform/errors';
import { connectorFor } from './connectors';

describe('connectorFor and EXCHANGE_API_URLS', () => {
  const credentials = { apiKey: 'cfg-key', secret: 'cfg-secret' };
  let mock: MockExchange;
  beforeAll(async () => {
    mock = await startMockExchange('bybit', credentials);
  });
  afterAll(async () => {
    await mock.close();
  });

  it('reads one URL per exchange, and refuses a malformed entry', () => {
    const config = loadConfig({
      EXCHANGE_API_URLS: 'binance=http://127.0.0.1:4100, gate=http://127.0.0.1:4102',
    });
    expect(config.EXCHANGE_API_URLS).toEqual({
      binance: 'http://127.0.0.1:4100',
      gate: 'http://127.0.0.1:4102',
    });
    expect(loadConfig({}).EXCHANGE_API_URLS).toEqual({});
    expect(() => loadConfig({ EXCHANGE_API_URLS: 'kraken=http://127.0.0.1:1' })).toThrow(/EXCHANGE_API_URLS/);
    expect(() => loadConfig({ EXCHANGE_API_URLS: 'binance=not a url' })).toThrow(/EXCHANGE_API_URLS/);
  });

  it('is refused in production, where keys must only reach the real exchange', () => {
    const production = { NODE_ENV: 'production', MASTER_KEY: 'a'.repeat(64) };
    expect(() => loadConfig({ ...production, EXCHANGE_API_URLS: 'binance=http://127.0.0.1:4100' })).toThrow(
      /EXCHANGE_API_URLS/,
    );
    expect(loadConfig(production).EXCHANGE_API_URLS).toEqual({});
  });

  it('builds a connector that talks to the configured place', async () => {
    const config = loadConfig({ EXCHANGE_API_URLS: `bybit=${mock.url}` });
    const connector = connectorFor('bybit', credentials, config);
    expect(connector.exchange).toBe('bybit');
    const verdict = await connector.keyRights();
    expect(verdict.refusals).toEqual([]);
    expect(mock.requests.some((r) => r.path === '/v5/user/query-api')).toBe(true);
  });

  it('does not build the paper exchange from a key', () => {
    const error = (() => {
      try {
        connectorFor('paper', credentials, loadConfig({}));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('EXCHANGE_UNKNOWN');
  });
});
