import { AuthEndpoints, WalletEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, noMoneyHold, overview, type SeenRequest, seen } from '../../test/wallet-fixtures';
import ExchangePage from './ExchangePage';

vi.mock('../../app/seal', () => ({
  seal: vi.fn(async (value: string) => ({ keyId: 'k1', ciphertext: `sealed(${value})` })),
}));

const pairs = {
  items: [
    {
      id: '1',
      fromCurrency: 'USDT',
      fromWallet: 'deposit',
      toCurrency: 'USDT',
      toWallet: 'funds',
      pricing: 'fixed',
      rate: '1',
      feeBps: 0,
      minAmount: '1.000000',
      enabled: true,
    },
    {
      id: '6',
      fromCurrency: 'MCOIN',
      fromWallet: 'funds',
      toCurrency: 'USDT',
      toWallet: 'funds',
      pricing: 'market',
      rate: '0.25',
      feeBps: 300,
      minAmount: '1.00000000',
      enabled: true,
    },
  ],
};

/** The market moves once: the first quote's token is refused, the second quote is at the new price. */
const quotes = [
  { rate: '0.25', gross: '25.000000', fee: '0.750000', net: '24.250000', quoteToken: 'token-a' },
  { rate: '0.2', gross: '20.000000', fee: '0.600000', net: '19.400000', quoteToken: 'token-b' },
];

let requests: SeenRequest[];

beforeEach(() => {
  requests = [];
  let quoted = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === AuthEndpoints.moneyHold.path) return { body: noMoneyHold };
        if (url.pathname === WalletEndpoints.wallet.path) return { body: overview };
        if (url.pathname === WalletEndpoints.exchangePairs.path) return { body: pairs };
        if (url.pathname === WalletEndpoints.exchangeQuote.path) {
          const q = quotes[Math.min(quoted++, 1)]!;
          return {
            body: { pairId: '6', fromCurrency: 'MCOIN', toCurrency: 'USDT', amount: '100.00000000', ...q },
          };
        }
        if (url.pathname === WalletEndpoints.exchange.path) {
          const { quoteToken } = request.body as { quoteToken: string };
          if (quoteToken === 'token-a') {
            return { status: 409, body: { code: 'EXCHANGE_RATE_CHANGED', message: 'moved' } };
          }
          const { quoteToken: _, ...rest } = { ...quotes[1]!, pairId: '6', fromCurrency: 'MCOIN' };
          return {
            body: {
              ...rest,
              toCurrency: 'USDT',
              amount: '100.00000000',
              id: 'b1c2',
              createdAt: '2026-11-23T09:40:00.000Z',
            },
          };
        }
        return undefined;
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exchange page', () => {
  it('quotes, and when the rate moved before the confirmation, quotes again and confirms the new figures', async () => {
    renderPage('/pages/Wallet/exchange', '/pages/Wallet/exchange?currency=MCOIN', <ExchangePage />);
    const pair = await screen.findByRole('radio', { name: /MCOIN \(Funds\) → USDT \(Funds\)/ });
    await waitFor(() => expect((pair as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('Available: 800.00 MCOIN')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('field-amount-message')).textContent).toBe(
      'The amount is below the minimum for this exchange.',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the exchange' });
    expect(within(dialog).getByTestId('receipt-row-rate').textContent).toBe('1 MCOIN = 0.25 USDT');
    expect(within(dialog).getByTestId('receipt-row-fee').textContent).toBe('0.75 USDT');
    expect(within(dialog).getByTestId('receipt-row-net').textContent).toBe('24.25 USDT');

    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/The rate or the fee has changed/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('receipt-row-net').textContent).toBe('19.40 USDT'));
    expect(within(dialog).getByTestId('receipt-row-rate').textContent).toBe('1 MCOIN = 0.2 USDT');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const receipt = await screen.findByTestId('result-card');
    expect(within(receipt).getByTestId('receipt-row-net').textContent).toBe('19.40 USDT');

    const confirms = requests.filter((r) => r.path === WalletEndpoints.exchange.path);
    expect(confirms.map((r) => (r.body as { quoteToken: string }).quoteToken)).toEqual([
      'token-a',
      'token-b',
    ]);
    expect(confirms[1]?.key).not.toBe(confirms[0]?.key);
    expect(confirms[1]?.body).toMatchObject({ pairId: '6', amount: '100.00000000' });
  });
});
