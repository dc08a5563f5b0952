import { AuthEndpoints, type TWithdrawal, WalletEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, noMoneyHold, overview, type SeenRequest, seen } from '../../test/wallet-fixtures';
import WithdrawPage from './WithdrawPage';

// Sealing needs the server's key; here each seal is a distinct text, as each real one is (fresh nonce).
let seals = 0;
vi.mock('../../app/seal', () => ({
  seal: vi.fn(async (value: string) => ({ keyId: 'k1', ciphertext: `sealed(${value})#${++seals}` })),
}));

const options = {
  items: [
    {
      currency: 'USDT',
      decimals: 6,
      minAmount: '20.000000',
      feeBps: 500,
      wallets: ['funds'],
      networks: ['TRC20', 'ERC20'],
    },
  ],
  note: 'Withdrawals are reviewed within 24 hours.',
};
const addresses = {
  items: [
    { network: 'TRC20', address: 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd', boundAt: '2026-11-01T00:00:00.000Z' },
    { network: 'ERC20', address: null, boundAt: null },
    { network: 'BEP20', address: null, boundAt: null },
  ],
};

function withdrawal(over: Partial<TWithdrawal>): TWithdrawal {
  return {
    id: '0b8c1e9a-0000-4000-8000-000000000001',
    currency: 'USDT',
    wallet: 'funds',
    network: 'TRC20',
    address: addresses.items[0]!.address!,
    amount: '25.000000',
    fee: '1.250000',
    payout: '23.750000',
    status: 'pending',
    reason: '',
    txHash: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}

let requests: SeenRequest[];
let list: TWithdrawal[];
/** Requests to these paths fail once as if the network dropped them, before reaching the server. */
let dropNext: Set<string>;

function api() {
  const answer = fakeApi((url, init) => {
    const request = seen(url, init);
    requests.push(request);
    if (url.pathname === AuthEndpoints.me.path) return { body: member };
    if (url.pathname === AuthEndpoints.moneyHold.path) return { body: noMoneyHold };
    if (url.pathname === WalletEndpoints.wallet.path) return { body: overview };
    if (url.pathname === WalletEndpoints.withdrawOptions.path) return { body: options };
    if (url.pathname === WalletEndpoints.withdrawAddresses.path) return { body: addresses };
    if (url.pathname === WalletEndpoints.withdrawals.path && request.method === 'GET') {
      return { body: { items: list, page: 1, pageSize: 10 } };
    }
    if (url.pathname === WalletEndpoints.withdrawals.path) {
      const created = withdrawal({ id: '0b8c1e9a-0000-4000-8000-000000000002', amount: '25.000000' });
      list = [created, ...list];
      return { body: created };
    }
    if (url.pathname.endsWith('/cancel')) {
      const done = withdrawal({ status: 'cancelled', reason: 'cancelled by member' });
      list = list.map((w) => (w.id === done.id ? done : w));
      return { body: done };
    }
    return undefined;
  });
  return vi.fn(async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (dropNext.has(path) && init.method === 'POST') {
      dropNext.delete(path);
      requests.push(seen(new URL(input, 'http://localhost'), init));
      throw new TypeError('Failed to fetch');
    }
    return answer(input, init);
  });
}

beforeEach(() => {
  requests = [];
  seals = 0;
  dropNext = new Set();
  list = [
    withdrawal({ id: '0b8c1e9a-0000-4000-8000-000000000001' }),
    withdrawal({
      id: '0b8c1e9a-0000-4000-8000-000000000003',
      status: 'rejected',
      reason: 'address flagged',
      amount: '30.000000',
    }),
  ];
  vi.stubGlobal('fetch', api());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const amountField = () => screen.getByRole('textbox', { name: 'Amount' });
const summary = (id: string) =>
  within(screen.getByTestId('withdraw-summary')).getByTestId(`receipt-row-${id}`);

describe('withdraw page', () => {
  it('shows the fee rounded up and what arrives as the amount is typed, and refuses below the minimum', async () => {
    renderPage('/pages/Wallet/menuWithdraw', '/pages/Wallet/menuWithdraw', <WithdrawPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '20.000001' },
    });
    expect(summary('minimum').textContent).toBe('20.00 USDT');
    expect(summary('fee').textContent).toBe('1.000001 USDT');
    expect(summary('arrives').textContent).toBe('19.00 USDT');
    expect(screen.getByTestId('withdraw-address').textContent).toBe('TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd');
    expect(screen.getByText('Withdrawals are reviewed within 24 hours.')).toBeTruthy();

    fireEvent.change(amountField(), { target: { value: '19.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByTestId('field-amount-message')).textContent).toBe(
      'The amount is below the minimum withdrawal.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    // ERC20 has no bound address: the way to bind one, and no withdrawal.
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    const bind = await screen.findByRole('link', { name: 'Bind a ERC20 address' });
    expect(bind.getAttribute('href')).toBe('/pages/personal/WithdrawAdress?network=ERC20');
    expect(screen.getByRole('button', { name: 'Withdraw' }).hasAttribute('disabled')).toBe(true);
  });

  it('confirms in the receipt popup and, after a dropped request, sends the same key and body again', async () => {
    renderPage('/pages/Wallet/menuWithdraw', '/pages/Wallet/menuWithdraw', <WithdrawPage />);
    expect(await screen.findByText('Reason: address flagged')).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    expect(within(dialog).getByTestId('receipt-row-address').textContent).toBe(
      'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd',
    );
    expect(within(dialog).getByTestId('receipt-row-fee').textContent).toBe('1.25 USDT');
    expect(within(dialog).getByTestId('receipt-row-arrives').textContent).toBe('23.75 USDT');

    dropNext.add(WalletEndpoints.withdrawals.path);
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('form-alert')).textContent).toMatch(/connection|network/i);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = requests.filter((r) => r.path === WalletEndpoints.withdrawals.path && r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(posts[0]?.body).toEqual({
      currency: 'USDT',
      wallet: 'funds',
      network: 'TRC20',
      amount: '25',
      password: { keyId: 'k1', ciphertext: 'sealed(Pay12345)#1' },
    });
    // The list comes back from page 1 with the new withdrawal on top.
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-item')).toHaveLength(3));
  });

  it('cancels a pending withdrawal after asking, with an idempotency key', async () => {
    renderPage('/pages/Wallet/menuWithdraw', '/pages/Wallet/menuWithdraw', <WithdrawPage />);
    const pending = (await screen.findAllByTestId('withdrawal-item'))[0]!;
    expect(within(pending).getByText('Under review')).toBeTruthy();
    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel withdrawal' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('25.00 USDT goes back to your Funds wallet.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel withdrawal' }));
    await waitFor(() => expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0));
    const cancel = requests.find((r) => r.path.endsWith('/cancel'));
    expect(cancel?.path).toBe('/api/wallet/withdrawals/0b8c1e9a-0000-4000-8000-000000000001/cancel');
    expect(cancel?.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
