import { parse } from '@app/money/decimal';
import { describe, expect, it } from 'vitest';
import type { DcaSettings, MarketAssumptions } from '../dca/dca-plan';
import { type BotState, decide } from './decide';

const market: MarketAssumptions = {
  tickSize: '0.01',
  amountStep: '0.001',
  minAmount: '0.001',
  minNotional: '5',
  contractSize: '1',
  takerFeeRate: '0.001',
  maintenanceMarginRate: '0',
};

const settings: DcaSettings = {
  direction: 'long',
  marketType: 'spot',
  baseOrder: '10',
  safetyOrder: '20',
  safetyOrderCount: 2,
  priceDeviation: '1',
  volumeScale: '2',
  stepScale: '1',
  takeProfit: '2',
  trailingDeviation: null,
  stopLoss: null,
  leverage: 1,
  marginMode: 'isolated',
};

/** A cycle holding the base order bought at 100. */
const holding = {
  entered: parse('0.1'),
  exited: 0n,
  averageEntry: parse('100'),
  basePrice: parse('100'),
  safetyOrdersFilled: 0,
  open: parse('0.1'),
  realizedPnl: 0n,
  bestPrice: null,
};

const state = (over: Omit<Partial<BotState>, 'price'> & { price: string }): BotState => ({
  settings,
  market,
  cycle: null,
  rentalActive: true,
  lastClosedAt: null,
  cooldownSeconds: 0,
  now: new Date('2026-01-01T00:00:00Z'),
  ...over,
  price: parse(over.price),
});

describe('deciding the next step', () => {
  it('opens a cycle with the base order sized at the current price', () => {
    expect(decide(state({ price: '100' }))).toEqual({ kind: 'open', amount: '0.1', price: '100' });
  });

  it('waits out the cooldown after a closed cycle, then opens', () => {
    const closed = new Date('2025-12-31T23:59:30Z');
    expect(decide(state({ price: '100', lastClosedAt: closed, cooldownSeconds: 60 }))).toEqual({
      kind: 'wait',
      why: 'cooldown',
    });
    expect(decide(state({ price: '100', lastClosedAt: closed, cooldownSeconds: 30 })).kind).toBe('open');
  });

  it('opens nothing when the rental has expired', () => {
    expect(decide(state({ price: '100', rentalActive: false }))).toEqual({
      kind: 'wait',
      why: 'rental_inactive',
    });
  });

  it('opens nothing on a market switched off, and still manages an open cycle there', () => {
    expect(decide(state({ price: '100', marketOff: true }))).toEqual({ kind: 'wait', why: 'market_off' });
    expect(decide(state({ price: '100', marketOff: true, cycle: holding }))).toEqual({
      kind: 'wait',
      why: 'no_trigger',
    });
    expect(decide(state({ price: '200', marketOff: true, cycle: holding })).kind).toBe('exit');
  });

  it('places the next safety order when the price reaches its trigger, not before', () => {
    expect(decide(state({ price: '99.01', cycle: holding })).kind).toBe('wait');
    expect(decide(state({ price: '99', cycle: holding }))).toEqual({
      kind: 'safety',
      index: 1,
      amount: '0.202',
      price: '99',
    });
  });

  it('takes profit at the target above the average entry', () => {
    expect(decide(state({ price: '101.99', cycle: holding })).kind).toBe('wait');
    expect(decide(state({ price: '102', cycle: holding }))).toEqual({
      kind: 'exit',
      reason: 'take_profit',
      amount: '0.1',
      price: '102',
    });
  });

  it('trails the take profit: follows the best price and exits when the price turns back', () => {
    const trailing = { ...settings, trailingDeviation: '0.5' };
    expect(decide(state({ settings: trailing, price: '102', cycle: holding }))).toEqual({
      kind: 'trail',
      best: '102',
    });
    const tracking = { ...holding, bestPrice: parse('103') };
    // 103 less 0.5 % is 102.485, rounded up to 102.49: 102.5 holds, 102.49 exits.
    expect(decide(state({ settings: trailing, price: '104', cycle: tracking }))).toEqual({
      kind: 'trail',
      best: '104',
    });
    expect(decide(state({ settings: trailing, price: '102.5', cycle: tracking })).kind).toBe('wait');
    expect(decide(state({ settings: trailing, price: '102.49', cycle: tracking }))).toMatchObject({
      kind: 'exit',
      reason: 'take_profit',
    });
  });

  it('stops the loss before anything else when the price reaches it', () => {
    const stopping = { ...settings, stopLoss: '5' };
    expect(decide(state({ settings: stopping, price: '95', cycle: holding }))).toMatchObject({
      kind: 'exit',
      reason: 'stop_loss',
      amount: '0.1',
    });
  });

  it('a short exits below its entry and adds above it', () => {
    const short = { ...settings, direction: 'short' as const, marketType: 'perpetual' as const, leverage: 2 };
    expect(decide(state({ settings: short, price: '101', cycle: holding }))).toMatchObject({
      kind: 'safety',
      price: '101',
    });
    expect(decide(state({ settings: short, price: '98', cycle: holding }))).toMatchObject({
      kind: 'exit',
      reason: 'take_profit',
    });
  });
});
