import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { guarded, toAppError } from './errors';

describe('ccxt errors become exchange error codes', () => {
  it.each([
    [ccxt.AuthenticationError, 'EXCHANGE_AUTH_FAILED'],
    [ccxt.PermissionDenied, 'EXCHANGE_AUTH_FAILED'],
    [ccxt.AccountSuspended, 'EXCHANGE_AUTH_FAILED'],
    [ccxt.InsufficientFunds, 'EXCHANGE_INSUFFICIENT_BALANCE'],
    [ccxt.RateLimitExceeded, 'EXCHANGE_RATE_LIMITED'],
    [ccxt.DDoSProtection, 'EXCHANGE_RATE_LIMITED'],
    [ccxt.ExchangeNotAvailable, 'EXCHANGE_UNAVAILABLE'],
    [ccxt.OnMaintenance, 'EXCHANGE_UNAVAILABLE'],
    [ccxt.RequestTimeout, 'EXCHANGE_UNAVAILABLE'],
    [ccxt.NetworkError, 'EXCHANGE_UNAVAILABLE'],
    [ccxt.NullResponse, 'EXCHANGE_UNAVAILABLE'],
    [ccxt.OrderNotFound, 'EXCHANGE_ORDER_NOT_FOUND'],
    [ccxt.BadSymbol, 'EXCHANGE_SYMBOL_UNKNOWN'],
    [ccxt.InvalidOrder, 'EXCHANGE_ORDER_REJECTED'],
    [ccxt.DuplicateOrderId, 'EXCHANGE_ORDER_REJECTED'],
    [ccxt.BadRequest, 'EXCHANGE_ORDER_REJECTED'],
    [ccxt.NotSupported, 'EXCHANGE_ORDER_REJECTED'],
    [ccxt.ExchangeError, 'EXCHANGE_ORDER_REJECTED'],
  ] as const)('%o -> %s', (Kind, code) => {
    const mapped = toAppError(new Kind('binance {"code":-1}'), 'binance');
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped.code).toBe(code);
    // Never a 500: every exchange code is a 4xx or a 503.
    expect(mapped.status).toBeLessThan(500 + 4);
    expect(mapped.status === 503 || mapped.status < 500).toBe(true);
  });

  it('turns anything unknown into EXCHANGE_UNAVAILABLE and keeps our own errors as they are', () => {
    expect(toAppError(new TypeError('x is undefined'), 'gate').code).toBe('EXCHANGE_UNAVAILABLE');
    expect(toAppError('a string', 'gate').code).toBe('EXCHANGE_UNAVAILABLE');
    const own = new AppError('EXCHANGE_AMOUNT_TOO_SMALL');
    expect(toAppError(own, 'gate')).toBe(own);
  });

  it('drops the query (and its signature) from a quoted URL', async () => {
    const error = await guarded('binance', async () => {
      throw new ccxt.RequestTimeout(
        'binance GET https://api.binance.com/api/v3/account?timestamp=1&signature=abcdef',
      );
    }).catch((e: AppError) => e);
    expect(error.code).toBe('EXCHANGE_UNAVAILABLE');
    expect(JSON.stringify(error.details)).not.toContain('abcdef');
    expect(JSON.stringify(error.details)).toContain('/api/v3/account?');
  });
});
