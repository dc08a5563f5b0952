/** What the records pages are narrowed by, kept in the address so a filtered page is a link. */
export interface RecordFilter {
  botId?: string;
  period?: Period;
}

export const Periods = ['all', 'today', '7d', '30d'] as const;
export type Period = (typeof Periods)[number];

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The filter in the address (?bot=12&period=7d); anything unknown is dropped rather than sent. */
export function filterFrom(params: URLSearchParams): RecordFilter {
  const bot = params.get('bot');
  const period = params.get('period') as Period | null;
  return {
    ...(bot && /^\d{1,18}$/.test(bot) ? { botId: bot } : {}),
    ...(period && Periods.includes(period) && period !== 'all' ? { period } : {}),
  };
}

export function paramsOf(filter: RecordFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.botId) params.set('bot', filter.botId);
  if (filter.period) params.set('period', filter.period);
  return params;
}

/** The query the API takes: the period as a range of UTC days ending today (the server counts in UTC). */
export function queryOf(
  filter: RecordFilter,
  now = Date.now(),
): { botId?: string; from?: string; to?: string } {
  const days = { today: 1, '7d': 7, '30d': 30 } as const;
  const span = filter.period && filter.period !== 'all' ? days[filter.period] : null;
  return {
    ...(filter.botId ? { botId: filter.botId } : {}),
    ...(span ? { from: utcDay(now - (span - 1) * DAY_MS), to: utcDay(now) } : {}),
  };
}
