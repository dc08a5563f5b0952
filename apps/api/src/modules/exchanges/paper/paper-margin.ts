import { divide, format, max, mul, parse, tryParse } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { MarginChange, MarginMode } from '../connector';
import type { PaperAccount } from './paper-account';
import type { PaperRules } from './paper-rules';
import { ZERO } from './paper-types';

/**
 * A perpetual position's margin settings: its leverage, its margin mode (isolated or cross) and the
 * isolated margin moved in or out by hand. Each runs inside the member's account lock.
 */
export function createPaperMargin(deps: {
  memberId: string;
  clock: () => number;
  rules: PaperRules;
  account: PaperAccount;
}) {
  const { memberId, clock } = deps;
  const { perpetualRules } = deps.rules;
  const { withAccount, positionRow, requireFree, adjust } = deps.account;

  return {
    async setLeverage(symbol: string, leverage: number): Promise<void> {
      const rules = await perpetualRules(symbol);
      if (!Number.isInteger(leverage) || leverage < 1) {
        throw new AppError('VALIDATION_FAILED', 'Leverage is a whole number from 1');
      }
      const cap = rules.market.maxLeverage ?? 1;
      if (leverage > cap) {
        throw new AppError('EXCHANGE_LEVERAGE_TOO_HIGH', `At most ${cap}x on ${symbol}`, {
          maxLeverage: cap,
        });
      }
      await withAccount(async (trx) => {
        await positionRow(trx, symbol);
        await trx
          .updateTable('paper_positions')
          .set({ leverage, updated_at: new Date(clock()) })
          .where('member_id', '=', memberId)
          .where('symbol', '=', symbol)
          .execute();
      });
    },

    async setMarginMode(symbol: string, mode: MarginMode): Promise<void> {
      await perpetualRules(symbol);
      if (mode !== 'isolated' && mode !== 'cross') {
        throw new AppError('VALIDATION_FAILED', 'Margin mode is isolated or cross');
      }
      await withAccount(async (trx) => {
        const pos = await positionRow(trx, symbol);
        if (pos.margin_mode === mode) return;
        const busy = await trx
          .selectFrom('paper_orders')
          .select('id')
          .where('member_id', '=', memberId)
          .where('symbol', '=', symbol)
          .where('status', '=', 'open')
          .executeTakeFirst();
        // As on Binance: the margin mode cannot change under an open position or open orders.
        if (parse(pos.contracts) > ZERO || busy) {
          throw new AppError('EXCHANGE_ORDER_REJECTED', 'Close the position and its orders first', {
            symbol,
          });
        }
        await trx
          .updateTable('paper_positions')
          .set({ margin_mode: mode, updated_at: new Date(clock()) })
          .where('id', '=', pos.id)
          .execute();
      });
    },

    /**
     * Moves the amount between the free quote balance and the position's isolated margin; the liquidation
     * price follows, since it is computed from the margin. A reduction must leave at least the initial
     * margin at the entry price (notional / leverage), as a fresh position of this size would need.
     */
    async adjustMargin(symbol: string, change: MarginChange): Promise<void> {
      const rules = await perpetualRules(symbol);
      const amount = tryParse(change.amount);
      if (amount === null || amount <= ZERO) {
        throw new AppError('AMOUNT_NOT_POSITIVE', 'The amount is a positive decimal');
      }
      await withAccount(async (trx) => {
        const pos = await positionRow(trx, symbol);
        if (!pos.side || !pos.entry_price || parse(pos.contracts) === ZERO) {
          throw new AppError('POSITION_NOT_FOUND', `No ${symbol} position`, { symbol });
        }
        if (pos.margin_mode !== 'isolated') throw new AppError('MARGIN_CROSS_NOT_ADJUSTABLE');
        const margin = parse(pos.margin);
        const quote = rules.market.quote;
        if (change.direction === 'add') {
          await requireFree(trx, 'perpetual', quote, amount);
        } else {
          const notional = mul(mul(parse(pos.contracts), rules.contractSize), parse(pos.entry_price), 'up');
          const required = divide(notional, BigInt(pos.leverage), 'up');
          if (margin - amount < required) {
            throw new AppError('MARGIN_REDUCE_TOO_MUCH', `At most ${format(max(ZERO, margin - required))}`, {
              symbol,
              maxReduce: format(max(ZERO, margin - required)),
            });
          }
        }
        const delta = change.direction === 'add' ? amount : -amount;
        await adjust(trx, 'perpetual', quote, -delta, delta);
        await trx
          .updateTable('paper_positions')
          .set({ margin: format(margin + delta), updated_at: new Date(clock()) })
          .where('id', '=', pos.id)
          .execute();
      });
    },
  };
}
