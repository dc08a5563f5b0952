import { describe, expect, it } from 'vitest';
import { filterFrom, paramsOf, queryOf } from './record-filters';

describe('record filters', () => {
  it('reads the bot and period from the address, dropping what it does not know', () => {
    expect(filterFrom(new URLSearchParams('bot=12&period=7d'))).toEqual({ botId: '12', period: '7d' });
    expect(filterFrom(new URLSearchParams('bot=x1&period=year'))).toEqual({});
    expect(filterFrom(new URLSearchParams('period=all'))).toEqual({});
    expect(paramsOf({ botId: '3', period: 'today' }).toString()).toBe('bot=3&period=today');
  });

  it('turns a period into a range of UTC days ending today', () => {
    const now = Date.parse('2026-03-10T23:30:00Z');
    expect(queryOf({ period: 'today' }, now)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(queryOf({ period: '7d', botId: '4' }, now)).toEqual({
      botId: '4',
      from: '2026-03-04',
      to: '2026-03-10',
    });
    expect(queryOf({}, now)).toEqual({});
  });
});
