import { describe, expect, it } from 'vitest';
import { clientOrderId } from './client-order-id';

describe('clientOrderId', () => {
  it('is the same for the same order, so a retry cannot place it twice', () => {
    expect(clientOrderId('binance', ['bot-1', 7, 'safety-2'])).toBe(
      clientOrderId('binance', ['bot-1', 7, 'safety-2']),
    );
  });

  it('differs between orders, also where a naive join would collide', () => {
    const ids = new Set([
      clientOrderId('binance', ['bot-1', 7, 'safety-2']),
      clientOrderId('binance', ['bot-1', 7, 'safety-3']),
      clientOrderId('binance', ['bot-1', 17, 'safety-2']),
      clientOrderId('binance', ['bot-17', '', 'safety-2']),
    ]);
    expect(ids.size).toBe(4);
  });

  it("fits each exchange's rule", () => {
    for (const exchange of ['binance', 'bybit', 'paper'] as const) {
      expect(clientOrderId(exchange, ['b', 1])).toMatch(/^[A-Za-z0-9._:/-]{1,36}$/);
    }
    const gate = clientOrderId('gate', ['b', 1]);
    expect(gate).toMatch(/^t-[A-Za-z0-9]+$/);
    expect(gate.length).toBeLessThanOrEqual(30);
  });
});
