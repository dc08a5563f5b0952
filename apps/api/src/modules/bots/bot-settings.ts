import type { TBot, TBotCycle, TBotOrder, TBotStrategy } from '@app/contracts';
import { format, parse } from '@app/money/decimal';
import type { Selectable } from 'kysely';
import type { BotCyclesTable, BotOrdersTable, BotsTable } from '../../db/schema';
import type { DcaSettings } from './dca/dca-plan';

export type BotRow = Selectable<BotsTable>;
export type CycleRow = Selectable<BotCyclesTable>;
export type OrderRow = Selectable<BotOrdersTable>;

/** numeric columns come back as PostgreSQL writes them ("1.50"); the API answers in the canonical form. */
const canon = (value: string): string => format(parse(value));
const canonOrNull = (value: string | null): string | null => (value === null ? null : canon(value));

/** The strategy columns of a bot row, for an insert or an update. */
export function strategyColumns(s: TBotStrategy) {
  return {
    order_type: s.orderType,
    base_order: s.baseOrder,
    safety_order: s.safetyOrder,
    safety_order_count: s.safetyOrderCount,
    price_deviation: s.priceDeviation,
    volume_scale: s.volumeScale,
    step_scale: s.stepScale,
    take_profit: s.takeProfit,
    trailing_deviation: s.trailingDeviation,
    stop_loss: s.stopLoss,
    cooldown_seconds: s.cooldownSeconds,
    leverage: s.leverage,
    margin_mode: s.marginMode,
  };
}

export function strategyOf(row: BotRow): TBotStrategy {
  return {
    orderType: row.order_type,
    baseOrder: canon(row.base_order),
    safetyOrder: canon(row.safety_order),
    safetyOrderCount: row.safety_order_count,
    priceDeviation: canon(row.price_deviation),
    volumeScale: canon(row.volume_scale),
    stepScale: canon(row.step_scale),
    takeProfit: canon(row.take_profit),
    trailingDeviation: canonOrNull(row.trailing_deviation),
    stopLoss: canonOrNull(row.stop_loss),
    cooldownSeconds: row.cooldown_seconds,
    leverage: row.leverage,
    marginMode: row.margin_mode,
  };
}

/** What the DCA maths needs of a bot. */
export function dcaSettings(
  target: { marketType: 'spot' | 'perpetual'; direction: 'long' | 'short' },
  s: TBotStrategy,
): DcaSettings {
  return {
    direction: target.direction,
    marketType: target.marketType,
    baseOrder: s.baseOrder,
    safetyOrder: s.safetyOrder,
    safetyOrderCount: s.safetyOrderCount,
    priceDeviation: s.priceDeviation,
    volumeScale: s.volumeScale,
    stepScale: s.stepScale,
    takeProfit: s.takeProfit,
    trailingDeviation: s.trailingDeviation,
    stopLoss: s.stopLoss,
    leverage: target.marketType === 'perpetual' ? s.leverage : 1,
    marginMode: s.marginMode,
  };
}

export const dcaSettingsOf = (row: BotRow): DcaSettings =>
  dcaSettings({ marketType: row.market_type, direction: row.direction }, strategyOf(row));

export function toBot(row: BotRow): TBot {
  return {
    id: row.id,
    rentalId: row.rental_id,
    exchange: row.exchange,
    marketType: row.market_type,
    symbol: row.symbol,
    direction: row.direction,
    ...strategyOf(row),
    status: row.status,
    pausedReason: row.paused_reason,
    pendingAction: row.pending_action,
    groupId: row.group_id,
    aioOff: row.aio_off,
    capitalRequired: canon(row.capital_required),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toCycle(row: CycleRow): TBotCycle {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    basePrice: canonOrNull(row.base_price),
    averageEntry: canonOrNull(row.average_entry),
    filledAmount: canon(row.filled_amount),
    safetyOrdersFilled: row.safety_orders_filled,
    closeReason: row.close_reason,
    realizedPnl: canonOrNull(row.realized_pnl),
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

export function toOrder(row: OrderRow): TBotOrder {
  return {
    id: row.id,
    cycleId: row.cycle_id,
    kind: row.kind,
    side: row.side,
    type: row.type,
    status: row.status,
    price: canonOrNull(row.price),
    amount: canon(row.amount),
    filled: canon(row.filled),
    averagePrice: canonOrNull(row.average_price),
    fee: row.fee_asset && row.fee ? { asset: row.fee_asset, amount: canon(row.fee) } : null,
    errorCode: row.error_code,
    createdAt: row.created_at.toISOString(),
  };
}
