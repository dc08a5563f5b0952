import { AuthEndpoints, HandRegisteredPaths, MarketsEndpoints } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member } from '../../test/wallet-fixtures';
import MarketsPage from './MarketsPage';
import { FakeEventSource, perpetualRows, spotRows } from './markets.fixtures';
import { MarketPaths } from './markets-paths';

let listQueries: URLSearchParams[];

beforeEach(() => {
  listQueries = [];
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) => {
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname !== MarketsEndpoints.markets.path) return undefined;
        listQueries.push(url.searchParams);
        const type = url.searchParams.get('type') === 'perpetual' ? 'perpetual' : 'spot';
        const q = (url.searchParams.get('q') ?? '').toUpperCase();
        const items = (type === 'spot' ? spotRows : perpetualRows)
          .filter((r) => !q || r.symbol.includes(q))
          .filter((r) => url.searchParams.get('favourites') !== 'true' || r.favourite);
        return { body: { type, items, at: '2026-11-23T12:00:00.000Z' } };
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (symbol: string) => screen.getByTestId(`market-${symbol}`);

describe('markets page', () => {
  it('lists spot symbols with their last price and the 24 h change coloured by direction', async () => {
    renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeTruthy();
    const btc = await screen.findByTestId('market-BTC/USDT');
    expect(within(btc).getByTestId('market-last').textContent).toBe('90,123.45');
    expect(within(btc).getByText('+2.31%').getAttribute('data-trend')).toBe('up');
    expect(within(rowOf('ETH/USDT')).getByText('-1.40%').getAttribute('data-trend')).toBe('down');
    expect(within(rowOf('SOL/USDT')).getByText('0.00%').getAttribute('data-trend')).toBe('flat');
    expect(listQueries[0]?.get('type')).toBe('spot');
  });

  it('shows the perpetuals on their tab, with the favourites marked', async () => {
    renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    await screen.findByTestId('market-BTC/USDT');
    fireEvent.click(screen.getByText('Perpetual'));
    const eth = await screen.findByTestId('market-ETH/USDT:USDT');
    expect(within(eth).getByRole('img', { name: 'Favourite' })).toBeTruthy();
    expect(screen.queryByTestId('market-BTC/USDT')).toBeNull();
    expect(listQueries.at(-1)?.get('type')).toBe('perpetual');
  });

  it('searches the coin as the member types (SearchCoin)', async () => {
    renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    await screen.findByTestId('market-BTC/USDT');
    fireEvent.change(screen.getByPlaceholderText('Search coin'), { target: { value: 'eth' } });
    await waitFor(() => expect(screen.queryByTestId('market-BTC/USDT')).toBeNull());
    expect(rowOf('ETH/USDT')).toBeTruthy();
    expect(listQueries.at(-1)?.get('q')).toBe('eth');
    fireEvent.change(screen.getByPlaceholderText('Search coin'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No market matches your search.')).toBeTruthy();
  });

  it('filters to the favourites, and says how to add one when there are none', async () => {
    renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    await screen.findByTestId('market-BTC/USDT');
    const filter = screen.getByRole('button', { name: 'Favourites' });
    fireEvent.click(filter);
    expect(await screen.findByText('No favourites here yet: open a market and tap its star.')).toBeTruthy();
    expect(listQueries.at(-1)?.get('favourites')).toBe('true');
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByText('Perpetual'));
    expect(await screen.findByTestId('market-ETH/USDT:USDT')).toBeTruthy();
    expect(screen.queryByTestId('market-BTC/USDT:USDT')).toBeNull();
  });

  it('moves the prices live from the stream, without asking for the list again', async () => {
    renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    await screen.findByTestId('market-BTC/USDT');
    const requestsBefore = listQueries.length;
    const stream = FakeEventSource.current();
    expect(stream?.url).toBe(HandRegisteredPaths.marketStream);
    act(() =>
      stream?.push({
        at: '2026-11-23T12:00:02.000Z',
        items: [
          {
            symbol: 'BTC/USDT',
            type: 'spot',
            last: '89000.00',
            change24hPercent: '-0.75',
            quoteVolume24h: '5',
          },
        ],
      }),
    );
    // Applied on the next frame (live-tickers.ts: a list renders a burst once).
    await waitFor(() =>
      expect(within(rowOf('BTC/USDT')).getByTestId('market-last').textContent).toBe('89,000.00'),
    );
    const btc = rowOf('BTC/USDT');
    expect(within(btc).getByText('-0.75%').getAttribute('data-trend')).toBe('down');
    expect(within(rowOf('ETH/USDT')).getByTestId('market-last').textContent).toBe('3,012.50');
    expect(listQueries.length).toBe(requestsBefore);
  });

  it('closes the stream when the page is left', async () => {
    const router = renderPage(MarketPaths.list, MarketPaths.list, <MarketsPage />);
    await screen.findByTestId('market-BTC/USDT');
    const stream = FakeEventSource.current();
    fireEvent.click(rowOf('BTC/USDT'));
    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname).toBe(MarketPaths.detail);
    expect(router.state.location.search).toBe('?symbol=BTC%2FUSDT');
    expect(stream?.readyState).toBe(FakeEventSource.CLOSED);
  });
});
