import type { ErrorCode } from '@app/contracts';
import ccxt from 'ccxt';
import { AppError } from '../../../platform/errors';

/**
 * The one translation of ccxt's error classes into our codes. Order matters: ccxt's classes form a tree
 * (RateLimitExceeded and DDoSProtection are NetworkErrors, OrderNotFound is an InvalidOrder, BadSymbol a
 * BadRequest), so the narrower class is tested first. Whatever is not recognised is still an exchange
 * error, never a 500: a failure to reach the exchange is EXCHANGE_UNAVAILABLE, a refusal of what we sent is
 * EXCHANGE_ORDER_REJECTED.
 */
const table: Array<[new (...args: never[]) => Error, ErrorCode]> = [
  [ccxt.AuthenticationError, 'EXCHANGE_AUTH_FAILED'],
  [ccxt.InsufficientFunds, 'EXCHANGE_INSUFFICIENT_BALANCE'],
  [ccxt.RateLimitExceeded, 'EXCHANGE_RATE_LIMITED'],
  [ccxt.DDoSProtection, 'EXCHANGE_RATE_LIMITED'],
  [ccxt.NetworkError, 'EXCHANGE_UNAVAILABLE'],
  [ccxt.BadResponse, 'EXCHANGE_UNAVAILABLE'],
  [ccxt.OrderNotFound, 'EXCHANGE_ORDER_NOT_FOUND'],
  [ccxt.BadSymbol, 'EXCHANGE_SYMBOL_UNKNOWN'],
  [ccxt.InvalidOrder, 'EXCHANGE_ORDER_REJECTED'],
  [ccxt.ExchangeError, 'EXCHANGE_ORDER_REJECTED'],
];

/** Exchange messages can quote the request URL, whose query holds the signature: keep only the path. */
function redact(message: string): string {
  return message.replace(/\?[^\s"']*/g, '?…').slice(0, 500);
}

export function toAppError(error: unknown, exchange: string): AppError {
  if (error instanceof AppError) return error;
  const match = table.find(([kind]) => error instanceof kind);
  const code: ErrorCode = match ? match[1] : 'EXCHANGE_UNAVAILABLE';
  const reason = error instanceof Error ? error.constructor.name : 'unknown';
  const message = error instanceof Error ? redact(error.message) : undefined;
  return new AppError(code, `${exchange}: ${reason}`, { exchange, reason, exchangeMessage: message });
}

/** Runs one call to the exchange with every failure translated. */
export async function guarded<T>(exchange: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error, exchange);
  }
}
