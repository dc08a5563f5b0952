import {
  ChainAdminEndpoints,
  PayoutsEndpoints,
  type TAdminPayout,
  type TAdminPayoutAlert,
  type TPage,
  type TReconciliation,
} from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import PayoutsSection from './PayoutsSection';

const hash = (c: string) => `0x${c.repeat(64)}`;
const inFlight: TAdminPayout = {
  id: '00000000-0000-4000-8000-000000000001',
  withdrawalId: '1c7e6a1f-0d2b-4e8f-9a3b-4d5c6b7e8f90',
  network: 'ERC20',
  from: `0x${'1'.repeat(40)}`,
  to: `0x${'2'.repeat(40)}`,
  token: `0x${'3'.repeat(40)}`,
  tokenAmount: '95000000',
  nonce: '7',
  status: 'broadcast',
  txHash: hash('c'),
  hashes: [hash('b'), hash('c')],
  minedHash: hash('c'),
  attempts: 2,
  error: null,
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  updatedAt: new Date().toISOString(),
  username: 'alice01',
  currency: 'USDT',
  payout: '95.000000',
  confirmations: 2,
  required: 6,
};
const failed: TAdminPayoutAlert = {
  withdrawalId: '0b6d5f0e-9c1a-4d7e-8f2a-3c4b5a6d7e8f',
  username: 'bobby01',
  currency: 'USDT',
  network: 'ERC20',
  payout: '47.500000',
  alert: 'PAYOUT_FAILED',
  decidedAt: '2026-01-02T10:00:00.000Z',
  failedPayout: { id: '00000000-0000-4000-8000-000000000002', error: 'reverted', hashes: [hash('d')] },
};
const low: TAdminPayoutAlert = {
  ...failed,
  withdrawalId: '2d8f7b20-1e3c-4f90-8b4c-5e6d7c8f9a01',
  username: 'carol01',
  payout: '19000.000000',
  alert: 'HOT_WALLET_LOW_TOKEN',
  failedPayout: null,
};
const reconciliation: TReconciliation = {
  currencies: [],
  holdings: [
    {
      network: 'ERC20',
      currency: 'USDT',
      token: `0x${'3'.repeat(40)}`,
      hotWallet: '999905.000000',
      depositAddresses: '0',
      addresses: 0,
    },
  ],
  unreadable: [],
  checkedAt: '2026-01-02T10:00:00.000Z',
};

interface Sent {
  path: string;
  key: string | undefined;
}

function serve(alerts: TAdminPayoutAlert[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (init.method === 'POST') {
        sent.push({ path: url.pathname, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      }
      return fakeApi((u) => {
        if (u.pathname === PayoutsEndpoints.adminPayoutAlerts.path) return { body: { items: alerts } };
        if (u.pathname === PayoutsEndpoints.adminPayouts.path) {
          const page: TPage<TAdminPayout> = { items: [inFlight], page: 1, pageSize: 20 };
          return { body: page };
        }
        if (u.pathname === ChainAdminEndpoints.adminReconciliation.path) return { body: reconciliation };
        if (u.pathname.endsWith('/payout-retry'))
          return { body: { withdrawalId: failed.withdrawalId, retries: 1 } };
        return undefined;
      })(input, init);
    }),
  );
  return sent;
}

function open() {
  renderPage('/admin/payouts', '/admin/payouts', <PayoutsSection />);
}

beforeEach(() => {
  vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('payouts section', () => {
  it('shows the alert banner, the payouts in flight with every hash, and the hot wallet', async () => {
    serve([low, failed]);
    open();
    const banner = await screen.findByTestId('payout-alert');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('1 approved withdrawal waits: the hot wallet holds too little.');
    expect(banner.textContent).toContain('1 payout failed on chain');
    expect(await screen.findByText('Hot wallet: too few tokens')).toBeTruthy();
    expect(screen.getByText('Transaction failed')).toBeTruthy();
    // Only the failed one is retried; the low one waits for a top-up.
    expect(screen.getAllByRole('button', { name: 'Retry payout' })).toHaveLength(1);

    expect(await screen.findByText('alice01')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('2 / 6')).toBeTruthy();
    expect(screen.getByText('3 min')).toBeTruthy();
    const hashes = screen.getAllByTestId('payout-hash').map((h) => h.getAttribute('title'));
    expect(hashes).toEqual([hash('c'), hash('b')]);
    expect(screen.getByText(/replaced/)).toBeTruthy();
    expect(await screen.findByText('999,905.00')).toBeTruthy();
  });

  it('shows no banner while the platform pays everything', async () => {
    serve([]);
    open();
    expect(await screen.findByText('alice01')).toBeTruthy();
    expect(screen.queryByTestId('payout-alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry payout' })).toBeNull();
  });

  it('retries a failed payout after the admin confirms it, with an idempotency key', async () => {
    const sent = serve([failed]);
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    open();
    const row = (await screen.findByText('bobby01')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry payout' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Retry payout' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.path).toBe(`/api/admin/withdrawals/${failed.withdrawalId}/payout-retry`);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(Toast.show).toHaveBeenCalled());
  });
});
