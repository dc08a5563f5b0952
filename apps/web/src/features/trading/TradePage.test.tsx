import {
  AuthEndpoints,
  MarketsEndpoints,
  type TMarketList,
  type TMarketRow,
  TradingEndpoints,
  type TTradeOrder,
  type TTradePosition,
  type TTradingAccount,
} from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, type SeenRequest, seen } from '../../test/wallet-fixtures';
import TradePage from './TradePage';
import { TradingPaths } from './trading-paths';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function row(symbol: string, last: string, type: TMarketRow['type']): TMarketRow {
  const [base = '', quote = ''] = symbol.split(':')[0]?.split('/') ?? [];
  return {
    symbol,
    base,
    quote,
    type,
    last,
    change24hPercent: '1.25',
    quoteVolume24h: '1000',
    favourite: false,
  };
}

const markets: Record<'spot' | 'perpetual', TMarketList> = {
  spot: {
    type: 'spot',
    items: [row('BTC/USDT', '64250.5', 'spot'), row('ETH/USDT', '3120.25', 'spot')],
    at: '2026-11-23T10:00:00.000Z',
  },
  perpetual: {
    type: 'perpetual',
    items: [row('BTC/USDT:USDT', '64260.1', 'perpetual')],
    at: '2026-11-23T10:00:00.000Z',
  },
};

function order(fields: Partial<TTradeOrder>): TTradeOrder {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    exchange: 'paper',
    marketType: 'spot',
    symbol: 'BTC/USDT',
    side: 'buy',
    type: 'limit',
    price: '60000',
    amount: '0.01',
    filled: '0',
    averagePrice: null,
    status: 'open',
    fee: null,
    reduceOnly: false,
    errorCode: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...fields,
  };
}

const filledEarlier = order({
  id: '00000000-0000-4000-8000-0000000000f1',
  type: 'market',
  price: null,
  amount: '0.02',
  filled: '0.02',
  averagePrice: '64000',
  status: 'closed',
  fee: { asset: 'USDT', amount: '1.28' },
});

const longPosition: TTradePosition = {
  symbol: 'BTC/USDT:USDT',
  side: 'long',
  contracts: '0.5',
  entryPrice: '63000',
  markPrice: '64260.1',
  leverage: 20,
  marginMode: 'cross',
  unrealizedPnl: '630.05',
  liquidationPrice: '60150.2',
  margin: '1575.5',
};

let requests: SeenRequest[];
/** Every address asked for, with its query. */
let urls: URL[];
let open: TTradeOrder[];
let positions: TTradePosition[];
/** Answers to the next order posts, in turn; then the order is taken. */
let refusals: { status: number; code: string }[];

function account(marketType: 'spot' | 'perpetual'): TTradingAccount {
  return {
    exchange: 'paper',
    marketType,
    balances: [{ asset: 'USDT', free: '10000', used: '0', total: '10000' }],
    positions: marketType === 'perpetual' ? positions : [],
  };
}

beforeEach(() => {
  requests = [];
  urls = [];
  open = [];
  positions = [longPosition];
  refusals = [];
  let placed = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        urls.push(url);
        const q = url.searchParams;
        switch (`${request.method} ${url.pathname}`) {
          case `GET ${AuthEndpoints.me.path}`:
            return { body: member };
          case `GET ${TradingEndpoints.tradingVenues.path}`:
            return { body: { items: ['paper'] } };
          case `GET ${MarketsEndpoints.markets.path}`:
            return { body: markets[q.get('type') === 'perpetual' ? 'perpetual' : 'spot'] };
          case `GET ${TradingEndpoints.tradingAccount.path}`:
            return { body: account(q.get('marketType') === 'perpetual' ? 'perpetual' : 'spot') };
          case `GET ${TradingEndpoints.tradingOrders.path}`: {
            const items = q.get('status') === 'open' ? open : [filledEarlier];
            return { body: { items, page: Number(q.get('page')), pageSize: Number(q.get('pageSize')) } };
          }
          case `POST ${TradingEndpoints.tradingOrders.path}`: {
            const refusal = refusals.shift();
            if (refusal)
              return { status: refusal.status, body: { code: refusal.code, message: refusal.code } };
            const body = request.body as Partial<TTradeOrder>;
            const taken = order({
              ...body,
              id: `00000000-0000-4000-8000-00000000000${++placed}`,
              price: body.price ?? null,
            });
            open.push(taken);
            return { body: taken };
          }
          case `POST ${TradingEndpoints.tradingLeverage.path}`:
            return { body: { ok: true } };
          case `POST ${TradingEndpoints.tradingPositionMargin.path}`: {
            const refusal = refusals.shift();
            if (refusal)
              return { status: refusal.status, body: { code: refusal.code, message: refusal.code } };
            return { body: { ok: true } };
          }
          case `POST ${TradingEndpoints.tradingPositionClose.path}`: {
            positions = [];
            return {
              body: order({
                marketType: 'perpetual',
                symbol: 'BTC/USDT:USDT',
                side: 'sell',
                type: 'market',
                status: 'closed',
                reduceOnly: true,
              }),
            };
          }
          default:
            return undefined;
        }
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const posts = (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

function openTrade(query: string) {
  renderPage(TradingPaths.online, `${TradingPaths.online}?${query}`, <TradePage />);
}

async function priceField() {
  const price = (await screen.findByLabelText('Price')) as HTMLInputElement;
  await waitFor(() => expect(price.value).not.toBe(''));
  return price;
}

describe('trade page', () => {
  it('places a limit order at the prefilled last price with an Idempotency-Key and lists it under open orders', async () => {
    openTrade('exchange=paper&symbol=BTC/USDT');
    const price = await priceField();
    expect(price.value).toBe('64250.5');
    expect(screen.getByRole('radio', { name: 'Paper (demo money)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.01' } });
    expect(screen.getByTestId('order-value').textContent).toBe('≈ 642.50 USDT');

    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm the order' });
    expect(within(sheet).getByTestId('receipt-row-price').textContent).toBe('64,250.5 USDT');
    expect(within(sheet).getByTestId('receipt-row-amount').textContent).toBe('0.01 BTC');
    expect(posts(TradingEndpoints.tradingOrders.path)).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy BTC' }));

    const openOrders = await screen.findByTestId('trade-open-orders');
    const listed = await within(openOrders).findByTestId('order-00000000-0000-4000-8000-000000000001');
    expect(within(listed).getByTestId('order-filled').textContent).toBe('0 / 0.01 BTC');
    const [sent] = posts(TradingEndpoints.tradingOrders.path);
    expect(sent?.body).toEqual({
      exchange: 'paper',
      marketType: 'spot',
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '64250.5',
    });
    expect(sent?.key).toMatch(uuid);
    // The history (PagedList) shows finished orders with their fill and fee.
    const history = screen.getByTestId('trade-history');
    expect(within(history).getByTestId('order-fee').textContent).toBe('1.28 USDT');
  });

  it('shows a refusal translated on the confirm sheet, and retries an unanswered try under the same key', async () => {
    refusals = [
      { status: 503, code: 'EXCHANGE_UNAVAILABLE' },
      { status: 400, code: 'EXCHANGE_INSUFFICIENT_BALANCE' },
    ];
    openTrade('exchange=paper&symbol=BTC/USDT');
    await priceField();
    fireEvent.click(screen.getByRole('radio', { name: 'Sell' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm the order' });

    fireEvent.click(within(sheet).getByRole('button', { name: 'Sell BTC' }));
    expect((await within(sheet).findByTestId('confirm-error')).textContent).toBe(
      'The exchange cannot be reached now. Try again later.',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: 'Sell BTC' }));
    await waitFor(() =>
      expect(within(sheet).getByTestId('confirm-error').textContent).toBe(
        'Your exchange account does not hold enough for this order.',
      ),
    );
    const [first, second] = posts(TradingEndpoints.tradingOrders.path);
    // 503 left the outcome open: the retry carried the same key, so the exchange cannot get it twice.
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({ side: 'sell', amount: '5' });
  });

  it('refuses a limit order without a price before anything is sent', async () => {
    openTrade('exchange=paper&symbol=ETH/USDT');
    const price = await priceField();
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy ETH' }));
    expect((await screen.findByTestId('field-price-message')).textContent).toBe('This field is required.');
    expect(screen.queryByRole('dialog')).toBeNull();

    // A market order needs none.
    fireEvent.click(screen.getByRole('radio', { name: 'Market' }));
    expect(screen.queryByLabelText('Price')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy ETH' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm the order' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy ETH' }));
    await waitFor(() => expect(posts(TradingEndpoints.tradingOrders.path)).toHaveLength(1));
    expect(posts(TradingEndpoints.tradingOrders.path)[0]?.body).toEqual({
      exchange: 'paper',
      marketType: 'spot',
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'market',
      amount: '1',
    });
  });

  it('on a perpetual shows leverage and margin mode and applies them with tradingLeverage', async () => {
    openTrade('exchange=paper&symbol=BTC/USDT:USDT');
    await priceField();
    expect(screen.getByText('Contracts', { selector: 'span' })).toBeTruthy();
    const stepper = within(screen.getByTestId('leverage-stepper')).getByRole(
      'spinbutton',
    ) as HTMLInputElement;
    // The open position's settings are where the control starts.
    await waitFor(() => expect(stepper.value).toBe('20'));
    expect((screen.getByRole('radio', { name: 'Cross' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(stepper, { target: { value: '50' } });
    fireEvent.blur(stepper);
    fireEvent.click(screen.getByRole('radio', { name: 'Isolated' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posts(TradingEndpoints.tradingLeverage.path)).toHaveLength(1));
    expect(posts(TradingEndpoints.tradingLeverage.path)[0]?.body).toEqual({
      exchange: 'paper',
      symbol: 'BTC/USDT:USDT',
      leverage: 50,
      marginMode: 'isolated',
    });
  });

  it('falls back to the paper exchange for an unconnected venue, and turns a spot pair into its perpetual', async () => {
    openTrade('exchange=bybit&symbol=BTC/USDT');
    expect(await screen.findByText(/Bybit is not connected/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect an API key' }).getAttribute('href')).toBe(
      '/pages/personal/trader',
    );
    await priceField();
    const venuesAsked = urls
      .filter(
        (u) =>
          u.pathname === TradingEndpoints.tradingAccount.path ||
          u.pathname === TradingEndpoints.tradingOrders.path,
      )
      .map((u) => u.searchParams.get('exchange'));
    expect(new Set(venuesAsked)).toEqual(new Set(['paper']));

    fireEvent.click(screen.getByRole('radio', { name: 'Perpetual' }));
    expect((await screen.findByTestId('symbol-button')).textContent).toContain('BTC/USDT:USDT');
    expect(await screen.findByTestId('leverage-stepper')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy / Long BTC' })).toBeTruthy();
  });

  it('closes a position only after the member confirms it', async () => {
    openTrade('exchange=paper&symbol=BTC/USDT:USDT');
    const position = await screen.findByTestId('position-BTC/USDT:USDT');
    expect(within(position).getByTestId('position-pnl').textContent).toBe('630.05 USDT');
    fireEvent.click(within(position).getByRole('button', { name: 'Close' }));
    const sheet = await screen.findByRole('dialog', { name: 'Close this position at the market price?' });
    expect(within(sheet).getByTestId('receipt-row-contracts').textContent).toBe('0.5');
    expect(posts(TradingEndpoints.tradingPositionClose.path)).toHaveLength(0);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Close position' }));
    await waitFor(() => expect(posts(TradingEndpoints.tradingPositionClose.path)).toHaveLength(1));
    const [sent] = posts(TradingEndpoints.tradingPositionClose.path);
    expect(sent?.body).toEqual({ exchange: 'paper', symbol: 'BTC/USDT:USDT' });
    expect(sent?.key).toMatch(uuid);
    expect(await screen.findByText('No open position.')).toBeTruthy();
  });

  it('adjusts the margin of an isolated position from its sheet, showing a refusal in place', async () => {
    positions = [{ ...longPosition, marginMode: 'isolated' }];
    openTrade('exchange=paper&symbol=BTC/USDT:USDT');
    const position = await screen.findByTestId('position-BTC/USDT:USDT');
    fireEvent.click(within(position).getByRole('button', { name: 'Adjust margin' }));
    const sheet = await screen.findByRole('dialog', { name: 'Adjust margin of BTC/USDT:USDT' });
    // The margin now, and after the change as it is typed, exactly.
    const marginNow = within(sheet).getByTestId('receipt-row-margin');
    const marginAfter = within(sheet).getByTestId('receipt-row-margin-after');
    expect(marginNow.textContent).toBe('1,575.5 USDT');
    expect(marginAfter.textContent).toBe('—');
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '0.25' } });
    await waitFor(() => expect(marginAfter.textContent).toBe('1,575.75 USDT'));
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Reduce' }));
    await waitFor(() => expect(marginAfter.textContent).toBe('1,575.25 USDT'));
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: 'abc' } });
    await waitFor(() => expect(marginAfter.textContent).toBe('—'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reduce margin' }));
    expect(await within(sheet).findByRole('alert')).toBeTruthy();
    expect(posts(TradingEndpoints.tradingPositionMargin.path)).toHaveLength(0);

    refusals = [{ status: 400, code: 'MARGIN_REDUCE_TOO_MUCH' }];
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reduce margin' }));
    expect((await within(sheet).findByTestId('margin-error')).textContent).toBe(
      'The margin cannot go below what the position needs: reduce by less.',
    );
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reduce margin' }));
    await waitFor(() => expect(posts(TradingEndpoints.tradingPositionMargin.path)).toHaveLength(2));
    const sent = posts(TradingEndpoints.tradingPositionMargin.path)[1];
    expect(sent?.body).toEqual({
      exchange: 'paper',
      symbol: 'BTC/USDT:USDT',
      direction: 'reduce',
      amount: '50',
    });
    expect(sent?.key).toMatch(uuid);
    await waitFor(() => expect(screen.queryByTestId('margin-sheet')).toBeNull());
  });

  it('offers no margin adjustment on a cross position', async () => {
    openTrade('exchange=paper&symbol=BTC/USDT:USDT');
    const position = await screen.findByTestId('position-BTC/USDT:USDT');
    expect(within(position).queryByRole('button', { name: 'Adjust margin' })).toBeNull();
    // Its initial margin is shown among the figures.
    expect(within(position).getByTestId('position-margin').textContent).toBe('1,575.5 USDT');
  });

  it('shows a dash for a margin the exchange does not state', async () => {
    positions = [{ ...longPosition, margin: null }];
    openTrade('exchange=paper&symbol=BTC/USDT:USDT');
    const position = await screen.findByTestId('position-BTC/USDT:USDT');
    expect(within(position).getByTestId('position-margin').textContent).toBe('—');
  });
});
