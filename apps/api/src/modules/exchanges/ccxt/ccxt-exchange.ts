import ccxt, { type Exchange } from 'ccxt';
import type { Credentials } from '../connector';

export type CcxtExchangeId = 'binance' | 'bybit' | 'gate';

/**
 * Options that keep ccxt to the calls we answer for: only spot and USDT-perpetual markets are loaded, no
 * private currency list at start-up (it needs wallet rights a trading key should not have), and the account
 * kind is stated instead of probed (the probes call endpoints that need transfer rights).
 */
const options: Record<CcxtExchangeId, Record<string, unknown>> = {
  binance: {
    defaultType: 'spot',
    fetchMarkets: { types: ['spot', 'linear'] },
    fetchMargins: false,
    fetchCurrencies: false,
    warnOnFetchOpenOrdersWithoutSymbol: false,
    // v2 of positionRisk states leverage and margin mode per position; v3 dropped them.
    fetchPositionsRisk: { useV2: true },
  },
  bybit: {
    defaultType: 'spot',
    fetchMarkets: { types: ['spot', 'linear'] },
    // Bybit's unified trading account is the only kind new accounts get.
    enableUnifiedAccount: true,
    enableUnifiedMargin: false,
  },
  gate: {
    defaultType: 'spot',
    fetchMarkets: { types: ['spot', 'swap'] },
    swap: { fetchMarkets: { settlementCurrencies: ['usdt'] } },
    unifiedAccount: false,
  },
};

/** Every API host of the exchange replaced by `apiUrl`, keeping each entry's path (the mock, a proxy). */
function rebase(urls: unknown, apiUrl: string): unknown {
  if (typeof urls === 'string') return urls.replace(/^https?:\/\/[^/]+/, apiUrl.replace(/\/$/, ''));
  if (urls && typeof urls === 'object') {
    return Object.fromEntries(Object.entries(urls).map(([key, value]) => [key, rebase(value, apiUrl)]));
  }
  return urls;
}

export function createCcxtExchange(
  id: CcxtExchangeId,
  credentials: Credentials | undefined,
  apiUrl: string | undefined,
): Exchange {
  const Class = { binance: ccxt.binance, bybit: ccxt.bybit, gate: ccxt.gate }[id];
  // No `verbose` and no custom logger: ccxt would print signed requests, and the key with them.
  const exchange: Exchange = new Class({
    apiKey: credentials?.apiKey,
    secret: credentials?.secret,
    password: credentials?.passphrase,
    enableRateLimit: true,
    timeout: 10_000,
    options: options[id],
  });
  // The currency list is not used and, on binance and bybit, needs a key with wallet rights.
  exchange.has.fetchCurrencies = false;
  if (apiUrl) exchange.urls.api = rebase(exchange.urls.api, apiUrl) as typeof exchange.urls.api;
  return exchange;
}
