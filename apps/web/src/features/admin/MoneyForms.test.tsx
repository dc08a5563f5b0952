import { WalletAdminEndpoints, WalletEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { BulkAirdropForm } from './BulkAirdropForm';

const currency = (code: string, kind: string) => ({
  currency: code,
  decimals: 6,
  kind,
  usdPrice: '1.000000',
  wallets: [],
  total: '0.000000',
  usdValue: '0.000000',
});

interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string | undefined;
}

function serve(answer: (path: string, body: Record<string, unknown>) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        if (url.pathname === WalletEndpoints.wallet.path) {
          return {
            body: { currencies: [currency('USDT', 'stable'), currency('AIRDROP', 'promo')], usdTotal: '0' },
          };
        }
        if (init.method !== 'POST') return undefined;
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        const key = (init.headers as Record<string, string>)['Idempotency-Key'];
        sent.push({ path: url.pathname, body, key });
        return answer(url.pathname, body);
      }),
    ),
  );
  return sent;
}

let confirm: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
  vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('bulk airdrop', () => {
  it('sends the typed usernames as a list once confirmed, and says how many were credited', async () => {
    const sent = serve(() => ({ body: { credited: 3, transferIds: ['a', 'b', 'c'] } }));
    renderPage('/admin/money', '/admin/money', <BulkAirdropForm />);
    // The only promotional coin is chosen by itself.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'AIRDROP' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.queryByRole('option', { name: 'USDT' })).toBeNull();

    type('Amount per member', '2.5');
    type('Usernames', 'alice01\nbob01, carol01\nALICE01');
    expect(screen.getByText('Members in the list: 3')).toBeTruthy();
    type('Reason', 'Launch campaign');
    fireEvent.click(screen.getByRole('button', { name: 'Send airdrop' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Send 2.50 AIRDROP to each of 3 members?' }),
    );
    expect(sent[0]).toMatchObject({
      path: WalletAdminEndpoints.adminAirdrop.path,
      body: {
        currency: 'AIRDROP',
        amount: '2.5',
        usernames: ['alice01', 'bob01', 'carol01'],
        reason: 'Launch campaign',
      },
    });
    expect(sent[0]?.key).toBeTruthy();
    const receipt = await screen.findByTestId('admin-receipt');
    expect(within(receipt).getByText('Airdrop sent. Members credited: 3')).toBeTruthy();
  });

  it('names the usernames the server did not find', async () => {
    serve(() => ({
      status: 404,
      body: { code: 'RECIPIENT_NOT_FOUND', message: 'no', details: { usernames: ['nobody1'] } },
    }));
    renderPage('/admin/money', '/admin/money', <BulkAirdropForm />);
    await screen.findByRole('option', { name: 'AIRDROP' });
    type('Amount per member', '1');
    type('Usernames', 'alice01 nobody1');
    type('Reason', 'Launch campaign');
    fireEvent.click(screen.getByRole('button', { name: 'Send airdrop' }));
    expect((await screen.findByTestId('form-alert')).textContent).toContain('nobody1');
  });
});

describe('credit / debit', () => {
  it('refuses an amount finer than the currency before asking, then debits after confirmation', async () => {
    const sent = serve(() => ({
      body: {
        id: 'f1',
        createdAt: '2026-01-02T10:00:00.000Z',
        currency: 'USDT',
        amount: '10.000000',
        balanceAfter: '90.000000',
        counterparty: 'alice01',
      },
    }));
    renderPage('/admin/members', '/admin/members', <AdjustBalanceForm username="alice01" />);
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'USDT' }).getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Debit' }));
    type('Amount', '10.1234567');
    type('Reason', 'Duplicate bonus');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('field-amount-message')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();

    type('Amount', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Debit 10.00 USDT from the Funds wallet of alice01?' }),
    );
    expect(sent[0]?.body).toEqual({
      username: 'alice01',
      currency: 'USDT',
      wallet: 'funds',
      direction: 'debit',
      amount: '10',
      reason: 'Duplicate bonus',
    });
    const receipt = await screen.findByTestId('admin-receipt');
    expect(within(receipt).getByTestId('receipt-row-balanceAfter').textContent).toBe('90.00 USDT');
  });
});
