import { AuthEndpoints, WalletEndpoints } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, overview } from '../../test/wallet-fixtures';
import RecordsPage from './RecordsPage';

let asked: URLSearchParams[];

const record = {
  createdAt: '2026-11-23T09:32:00.000Z',
  currency: 'USDT',
  wallet: 'funds',
  status: 'posted',
  memo: '',
} as const;

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) => {
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === WalletEndpoints.wallet.path) return { body: overview };
        if (url.pathname !== WalletEndpoints.walletRecords.path) return undefined;
        asked.push(url.searchParams);
        return {
          body: {
            page: 1,
            pageSize: 10,
            items: [
              {
                ...record,
                id: 'a',
                kind: 'transfer',
                direction: 'out',
                amount: '12.500000',
                balanceAfter: '987.500000',
                counterparty: 'bo***01',
                memo: 'lunch',
              },
              {
                ...record,
                id: 'b',
                kind: 'transfer',
                direction: 'in',
                amount: '5.000000',
                balanceAfter: '992.500000',
                counterparty: 'self:reward',
                status: 'pending',
              },
              {
                ...record,
                id: 'c',
                kind: 'fee',
                direction: 'out',
                amount: '1.000001',
                balanceAfter: '991.499999',
                counterparty: 'system:fees',
              },
            ],
          },
        };
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('records page', () => {
  it('takes its filters from the link (dropping unknown ones) and shows each record in words', async () => {
    renderPage(
      '/pages/Wallet/Other_History',
      '/pages/Wallet/Other_History?currency=usdt&kind=transfer&wallet=pocket',
      <RecordsPage />,
    );
    const items = await screen.findAllByTestId('record-item');
    expect(asked[0]?.get('currency')).toBe('USDT');
    expect(asked[0]?.get('kind')).toBe('transfer');
    expect(asked[0]?.has('wallet')).toBe(false);
    expect(screen.getByTestId('filter-currency').textContent).toContain('USDT');
    expect(screen.getByTestId('filter-kind').textContent).toContain('Transfer');
    expect(screen.getByTestId('filter-wallet').textContent).toContain('All');

    const [sent, own, fee] = items.map((item) => within(item));
    expect(sent?.getByTestId('record-amount').textContent).toBe('−12.50 USDT');
    expect(sent?.getByText('To bo***01')).toBeTruthy();
    expect(sent?.getByText('Balance 987.50')).toBeTruthy();
    expect(sent?.getByText('lunch')).toBeTruthy();
    expect(own?.getByTestId('record-amount').textContent).toBe('+5.00 USDT');
    expect(own?.getByText('From My Reward wallet')).toBeTruthy();
    expect(own?.getByText('Pending')).toBeTruthy();
    expect(fee?.getByText('To Platform fees')).toBeTruthy();
    expect(fee?.getByTestId('record-amount').textContent).toBe('−1.000001 USDT');
  });
});
