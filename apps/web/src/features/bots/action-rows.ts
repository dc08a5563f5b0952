import type { TBot, TBotPositionEstimate } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { decimalText, QUOTE } from './display';

/** The receipt lines of each action by hand: what the member is about to make happen, in figures. */

const symbolRow = (t: TFunction, symbol: string): ReceiptRow => ({
  id: 'symbol',
  label: t('bots.config.symbol'),
  value: symbol,
});

const effectRow = (t: TFunction, text: string): ReceiptRow => ({
  id: 'effect',
  label: t('bots.receipt.effect'),
  value: text,
});

/** Close (the whole position, or one cycle by its id) and reverse: the amount, the price, the result. */
export function positionRows(
  t: TFunction,
  bot: TBot,
  estimate: TBotPositionEstimate,
  reverse: boolean,
): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    symbolRow(t, bot.symbol),
    { id: 'cycle', label: t('bots.receipt.cycle'), value: `#${estimate.cycleNumber}` },
    {
      id: 'amount',
      label: t('bots.receipt.closeAtMarket'),
      value: `${estimate.amount} ${estimate.asset}`,
    },
    { id: 'price', label: t('bots.receipt.estPrice'), value: `${decimalText(estimate.price)} ${QUOTE}` },
  ];
  if (estimate.averageEntry) {
    rows.push({
      id: 'entry',
      label: t('bots.receipt.averageEntry'),
      value: `${decimalText(estimate.averageEntry)} ${QUOTE}`,
    });
  }
  rows.push({
    id: 'pnl',
    label: t('bots.receipt.estPnl'),
    value: `${decimalText(estimate.estimatedPnl)} ${QUOTE}`,
    strong: !reverse,
  });
  if (reverse) {
    const side = bot.direction === 'long' ? 'short' : 'long';
    rows.push({
      id: 'then',
      label: t('bots.receipt.thenOpen'),
      value: `${t(`bots.direction.${side}`)} · ${bot.baseOrder} ${QUOTE}`,
      strong: true,
    });
  }
  return rows;
}

/** Add entry: the next safety order, at the market now. */
export function addEntryRows(t: TFunction, bot: TBot): ReceiptRow[] {
  return [
    symbolRow(t, bot.symbol),
    { id: 'side', label: t('bots.receipt.side'), value: t(`bots.direction.${bot.direction}`) },
    effectRow(t, t('bots.actions.confirm.add-entry', { symbol: bot.symbol })),
  ];
}

/** Pause, resume, stop, a symbol of a group off or on: the bot and what changes. */
export function botRows(t: TFunction, bot: TBot, effect: string): ReceiptRow[] {
  return [
    symbolRow(t, bot.symbol),
    {
      id: 'market',
      label: t('bots.config.exchange'),
      value: `${t(`bots.exchanges.${bot.exchange}`)} · ${t(`bots.marketTypes.${bot.marketType}`)}`,
    },
    effectRow(t, effect),
  ];
}

/** A market of an exchange off or on for every bot of the member there. */
export function marketRows(
  t: TFunction,
  exchange: TBot['exchange'],
  marketType: TBot['marketType'],
  on: boolean,
): ReceiptRow[] {
  return [
    { id: 'exchange', label: t('bots.config.exchange'), value: t(`bots.exchanges.${exchange}`) },
    { id: 'marketType', label: t('bots.config.marketType'), value: t(`bots.marketTypes.${marketType}`) },
    effectRow(t, t(on ? 'bots.markets.effectOn' : 'bots.markets.effectOff')),
  ];
}

/** A whole all-in-one group paused or resumed. */
export function groupRows(t: TFunction, groupId: string, running: boolean): ReceiptRow[] {
  return [
    { id: 'group', label: t('bots.group.title'), value: t('bots.group.tag', { id: groupId }) },
    effectRow(t, t(running ? 'bots.group.effectResume' : 'bots.group.effectPause')),
  ];
}
