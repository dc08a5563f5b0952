import { AuthEndpoints, MarketsEndpoints, type TCandle } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member } from '../../test/wallet-fixtures';
import MarketDetailPage from './MarketDetailPage';
import { FakeEventSource, perpetualRows, spotRows } from './markets.fixtures';
import { detailPath, MarketPaths } from './markets-paths';

// The real chart draws on a canvas, which jsdom has not: the stand-in shows what the chart was given.
vi.mock('./CandleChart', () => ({
  CandleChart: ({ candles, live }: { candles: TCandle[]; live: TCandle | null }) => (
    <output data-testid="chart" data-count={candles.length}>
      {JSON.stringify(live ?? candles.at(-1))}
    </output>
  ),
}));

const MIN15 = 900_000;
const start = Date.UTC(2026, 10, 23, 12, 0, 0);

function candlesOf(count: number): TCandle[] {
  return Array.from({ length: count }, (_, i) => ({
    openTime: start - (count - 1 - i) * MIN15,
    open: '100.0',
    high: '110.0',
    low: '90.0',
    close: '105.0',
    volume: '1',
  }));
}

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
let requests: Seen[];
let favourites: Set<string>;

beforeEach(() => {
  requests = [];
  favourites = new Set(['ETH/USDT:USDT']);
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        requests.push({ method, path: url.pathname, query: url.searchParams, body });
        const symbol =
          url.searchParams.get('symbol') ?? (body as { symbol?: string } | undefined)?.symbol ?? '';
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === MarketsEndpoints.markets.path) {
          const type = url.searchParams.get('type') === 'perpetual' ? 'perpetual' : 'spot';
          const items = (type === 'spot' ? spotRows : perpetualRows).map((r) => ({
            ...r,
            favourite: favourites.has(r.symbol),
          }));
          return { body: { type, items, at: '2026-11-23T12:00:00.000Z' } };
        }
        if (url.pathname === MarketsEndpoints.marketCandles.path) {
          if (symbol === 'FOO/USDT') {
            return { status: 400, body: { code: 'EXCHANGE_SYMBOL_UNKNOWN', message: 'no' } };
          }
          const interval = url.searchParams.get('interval');
          return { body: { symbol, interval, items: candlesOf(interval === '1h' ? 24 : 200) } };
        }
        if (url.pathname === MarketsEndpoints.marketFundingRate.path) {
          return { body: { symbol, rate: '0.0001', nextFundingAt: '2026-11-23T16:00:00.000Z' } };
        }
        if (url.pathname === MarketsEndpoints.marketFavourites.path) {
          if (method === 'POST') favourites.add(symbol);
          if (method === 'DELETE') favourites.delete(symbol);
          return { body: { symbols: [...favourites] } };
        }
        return undefined;
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = (symbol: string) => renderPage(MarketPaths.detail, detailPath(symbol), <MarketDetailPage />);
const chartCandle = () => JSON.parse(screen.getByTestId('chart').textContent ?? 'null') as TCandle;

describe('market detail', () => {
  it("shows a perpetual's price, change, funding rate and next funding time, and its chart", async () => {
    open('BTC/USDT:USDT');
    expect(await screen.findByRole('heading', { name: 'BTC/USDT' })).toBeTruthy();
    expect((await screen.findByTestId('detail-last')).textContent).toBe('90,110.1');
    expect(screen.getByText('+2.20%')).toBeTruthy();
    expect((await screen.findByTestId('funding-rate')).textContent).toBe('0.0100%');
    expect(screen.getByText('Next funding')).toBeTruthy();
    // The trade screen opens on this symbol.
    expect(screen.getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe(
      `/pages/trade/online?symbol=${encodeURIComponent('BTC/USDT:USDT')}`,
    );
    expect((await screen.findByTestId('chart')).dataset.count).toBe('200');
    const candles = requests.find((r) => r.path === MarketsEndpoints.marketCandles.path);
    expect(candles?.query.get('interval')).toBe('15m');
  });

  it('asks no funding rate for a spot symbol', async () => {
    open('BTC/USDT');
    expect((await screen.findByTestId('detail-last')).textContent).toBe('90,123.45');
    await screen.findByTestId('chart');
    expect(screen.queryByText('Funding rate')).toBeNull();
    expect(requests.some((r) => r.path === MarketsEndpoints.marketFundingRate.path)).toBe(false);
  });

  it('loads the candles of the interval chosen', async () => {
    open('BTC/USDT');
    await screen.findByTestId('chart');
    const hour = screen.getByRole('button', { name: '1h' });
    fireEvent.click(hour);
    await waitFor(() => expect(screen.getByTestId('chart').dataset.count).toBe('24'));
    expect(hour.getAttribute('aria-pressed')).toBe('true');
    expect(
      requests
        .filter((r) => r.path === MarketsEndpoints.marketCandles.path)
        .map((r) => r.query.get('interval')),
    ).toEqual(['15m', '1h']);
  });

  it('stars and un-stars the market', async () => {
    open('BTC/USDT');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    const remove = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(remove);
    await screen.findByRole('button', { name: 'Add to favourites' });
    const calls = requests.filter((r) => r.path === MarketsEndpoints.marketFavourites.path);
    expect(calls.map((r) => [r.method, r.body ?? r.query.get('symbol')])).toEqual([
      ['POST', { symbol: 'BTC/USDT' }],
      ['DELETE', 'BTC/USDT'],
    ]);
  });

  it("moves the price and the chart's last candle with the live stream", async () => {
    open('BTC/USDT');
    await screen.findByTestId('chart');
    await screen.findByTestId('detail-last');
    const push = (at: number, last: string) =>
      act(() =>
        FakeEventSource.current()?.push({
          at: new Date(at).toISOString(),
          items: [{ symbol: 'BTC/USDT', type: 'spot', last, change24hPercent: '3.00', quoteVolume24h: '9' }],
        }),
      );
    push(start + 60_000, '112.5');
    expect(screen.getByTestId('detail-last').textContent).toBe('112.5');
    expect(chartCandle()).toMatchObject({ openTime: start, close: '112.5', high: '112.5', low: '90.0' });
    push(start + MIN15 + 1000, '111.0');
    expect(chartCandle()).toMatchObject({ openTime: start + MIN15, open: '112.5', close: '111.0' });
  });

  it('says a symbol of a deep link is unknown, without a toast on top', async () => {
    open('FOO/USDT');
    await screen.findByText('This symbol is not traded on this exchange.');
    expect(screen.getByRole('link', { name: 'All markets' }).getAttribute('href')).toBe(MarketPaths.list);
    expect(screen.queryByRole('alert')).toBeNull();
    // A toast would say it a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('This symbol is not traded on this exchange.')).toHaveLength(1);
  });
});
