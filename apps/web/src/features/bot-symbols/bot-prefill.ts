import { type TCreateBotRequest, ZMarketType, ZTradingExchange } from '@app/contracts';
import type { BotDraft } from '../bots/bot-draft';
import { BotPaths } from '../bots/bot-paths';

export type BotTarget = Pick<TCreateBotRequest, 'rentalId' | 'exchange' | 'marketType' | 'symbol'>;

/** /pages/trade/Bot with the market the member picked on the symbol picker. */
export function botConfigLink(target: BotTarget): string {
  const params = new URLSearchParams({
    rentalId: target.rentalId,
    exchange: target.exchange,
    marketType: target.marketType,
    symbol: target.symbol,
  });
  return `${BotPaths.configure}?${params.toString()}`;
}

/** The part of a new bot's form a picker link fills in; anything missing or unknown is left to the form. */
export function prefillOf(params: URLSearchParams): Partial<BotDraft> {
  const exchange = ZTradingExchange.safeParse(params.get('exchange'));
  const marketType = ZMarketType.safeParse(params.get('marketType'));
  const rentalId = params.get('rentalId');
  const symbol = params.get('symbol');
  return {
    ...(rentalId && /^\d{1,18}$/.test(rentalId) ? { rentalId } : {}),
    ...(exchange.success ? { exchange: exchange.data } : {}),
    ...(marketType.success ? { marketType: marketType.data } : {}),
    ...(symbol && /^[A-Z0-9]{1,20}\/[A-Z0-9]{1,20}(:[A-Z0-9]{1,20})?$/.test(symbol) ? { symbol } : {}),
  };
}
