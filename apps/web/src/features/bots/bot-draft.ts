import { type TCreateBotRequest, ZCreateBotRequest } from '@app/contracts';

/** The configuration form as typed: every field a string or a choice, turned into a request on the way out. */
export interface BotDraft {
  rentalId: string;
  exchange: TCreateBotRequest['exchange'];
  marketType: TCreateBotRequest['marketType'];
  symbol: string;
  direction: TCreateBotRequest['direction'];
  orderType: TCreateBotRequest['orderType'];
  baseOrder: string;
  safetyOrder: string;
  safetyOrderCount: string;
  priceDeviation: string;
  volumeScale: string;
  stepScale: string;
  takeProfit: string;
  trailingDeviation: string;
  stopLoss: string;
  cooldownSeconds: string;
  leverage: string;
  marginMode: TCreateBotRequest['marginMode'];
}

/** A cautious start: small orders, a modest ladder, no leverage. */
export const initialDraft: BotDraft = {
  rentalId: '',
  exchange: 'paper',
  marketType: 'spot',
  symbol: 'BTC/USDT',
  direction: 'long',
  orderType: 'market',
  baseOrder: '20',
  safetyOrder: '20',
  safetyOrderCount: '5',
  priceDeviation: '1.5',
  volumeScale: '1.5',
  stepScale: '1.2',
  takeProfit: '1.5',
  trailingDeviation: '',
  stopLoss: '',
  cooldownSeconds: '0',
  leverage: '1',
  marginMode: 'isolated',
};

const integer = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text) : Number.NaN);
const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The request the draft stands for, or the first field that is wrong and its error code. */
export function requestOf(
  draft: BotDraft,
): { ok: true; request: TCreateBotRequest } | { ok: false; field: string; code: string } {
  const perpetual = draft.marketType === 'perpetual';
  const parsed = ZCreateBotRequest.safeParse({
    ...draft,
    safetyOrderCount: integer(draft.safetyOrderCount),
    cooldownSeconds: integer(draft.cooldownSeconds),
    leverage: perpetual ? integer(draft.leverage) : 1,
    trailingDeviation: optional(draft.trailingDeviation),
    stopLoss: optional(draft.stopLoss),
    direction: perpetual ? draft.direction : 'long',
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0]!;
  const code = /^[A-Z_]+$/.test(issue.message) ? issue.message : 'VALIDATION_FAILED';
  return { ok: false, field: String(issue.path[0] ?? ''), code };
}
