import { MarketsEndpoints } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { HomePrices } from './HomePrices';
import { FakeEventSource, spotRows } from './markets.fixtures';
import { MarketPaths } from './markets-paths';

let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) => {
        if (url.pathname !== MarketsEndpoints.markets.path) return undefined;
        asked.push(url.searchParams);
        return { body: { type: 'spot', items: spotRows, at: '2026-11-23T12:00:00.000Z' } };
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the home page's coin prices", () => {
  it('shows the busiest spot markets from the markets list, live, with a link to all markets', async () => {
    renderPage('/pages/home/home', '/pages/home/home', <HomePrices />);
    const section = await screen.findByRole('region', { name: 'Coin prices' });
    await within(section).findByTestId('market-BTC/USDT');
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).queryByTestId('market-BNB/USDT')).toBeNull();
    expect(asked[0]?.get('type')).toBe('spot');
    expect(within(section).getByRole('link', { name: 'All markets' }).getAttribute('href')).toBe(
      MarketPaths.list,
    );

    // A burst (two events before the next frame) is one render of the newer, on the next frame.
    const eth = within(section).getByTestId('market-ETH/USDT');
    const before = within(eth).getByTestId('market-last').textContent;
    const tick = (at: string, last: string) =>
      FakeEventSource.current()?.push({
        at,
        items: [{ symbol: 'ETH/USDT', type: 'spot', last, change24hPercent: '1.50', quoteVolume24h: '1' }],
      });
    act(() => {
      tick('2026-11-23T12:00:02.000Z', '3050.00');
      tick('2026-11-23T12:00:03.000Z', '3100.00');
    });
    expect(within(eth).getByTestId('market-last').textContent).toBe(before);
    await waitFor(() => expect(within(eth).getByTestId('market-last').textContent).toBe('3,100.00'));
    expect(within(eth).getByText('+1.50%')).toBeTruthy();
  });
});
