import type { TTradingExchange } from '@app/contracts';
import { divide, format, parse } from '@app/money/decimal';
import type { Market } from '../exchanges/connector';
import { DEFAULT_PAPER_FEES, MAINTENANCE_MARGIN_RATE } from '../exchanges/paper/paper-exchange';
import type { MarketAssumptions } from './dca/dca-plan';

/**
 * The costs the preview and the capital check assume, per exchange and market type. The paper exchange's are
 * exact (its own constants). For the real exchanges they are the standard tier's published taker fees and a
 * maintenance margin rate at the top of the first tier (0.5 %): the real rate of a small position is lower,
 * so the liquidation estimate errs toward the member's safety. The connector does not report either.
 */
function costsOf(exchange: TTradingExchange, perpetual: boolean): { taker: string; mmr: string } {
  if (exchange === 'paper') {
    const taker = format(divide(parse(String(DEFAULT_PAPER_FEES.takerBps)), 10_000n, 'up'));
    return { taker, mmr: MAINTENANCE_MARGIN_RATE };
  }
  // Binance, Bybit and Gate: 0.1 % on spot, 0.05-0.055 % taker on USDT perpetuals (0.055 % covers all three).
  return perpetual ? { taker: '0.00055', mmr: '0.005' } : { taker: '0.001', mmr: '0' };
}

export function marketAssumptions(exchange: TTradingExchange, market: Market): MarketAssumptions {
  const perpetual = market.type === 'perpetual';
  const costs = costsOf(exchange, perpetual);
  return {
    tickSize: market.tickSize,
    amountStep: market.amountStep,
    minAmount: market.minAmount,
    minNotional: market.minNotional,
    contractSize: market.contractSize,
    takerFeeRate: costs.taker,
    maintenanceMarginRate: perpetual ? costs.mmr : '0',
  };
}
