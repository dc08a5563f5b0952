import { type TAdminWithdrawal, WalletAdminEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import WithdrawalsSection from './WithdrawalsSection';

const pending: TAdminWithdrawal = {
  id: '0b6d5f0e-9c1a-4d7e-8f2a-3c4b5a6d7e8f',
  currency: 'USDT',
  wallet: 'funds',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  amount: '100.000000',
  fee: '1.000000',
  payout: '99.000000',
  status: 'pending',
  reason: '',
  txHash: null,
  payoutAlert: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  decidedAt: null,
  username: 'alice01',
  memberId: '5',
};
const approved: TAdminWithdrawal = {
  ...pending,
  id: '1c7e6a1f-0d2b-4e8f-9a3b-4d5c6b7e8f90',
  status: 'approved',
};
const HASH = `0x${'ab'.repeat(32)}`;

interface Sent {
  path: string;
  body: unknown;
  key: string | undefined;
}

/** The withdrawal endpoints; `fail` makes the next decision fail on the way (no answer). */
function serve(options: { fail?: number } = {}) {
  const sent: Sent[] = [];
  const lists: string[] = [];
  let failures = options.fail ?? 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if (init.method === 'POST') {
        const headers = init.headers as Record<string, string>;
        sent.push({
          path: url.pathname,
          body: JSON.parse(String(init.body)),
          key: headers['Idempotency-Key'],
        });
        if (failures > 0) {
          failures--;
          throw new TypeError('Failed to fetch');
        }
      }
      return fakeApi((u) => {
        if (u.pathname === WalletAdminEndpoints.adminWithdrawals.path) {
          lists.push(u.search);
          return { body: { items: [pending, approved], page: 1, pageSize: 20 } };
        }
        if (u.pathname.endsWith('/reject')) return { body: { ...pending, status: 'rejected' } };
        if (u.pathname.endsWith('/approve')) return { body: { ...pending, status: 'approved' } };
        if (u.pathname.endsWith('/paid')) return { body: { ...approved, status: 'paid', txHash: HASH } };
        return undefined;
      })(input, init);
    }),
  );
  return { sent, lists };
}

function open() {
  renderPage('/admin/withdrawals', '/admin/withdrawals', <WithdrawalsSection />);
}

async function rowAction(name: string, row = 0) {
  const buttons = await screen.findAllByRole('button', { name });
  fireEvent.click(buttons[row] as HTMLElement);
}

function dialog(name: string) {
  return screen.getByRole('dialog', { name });
}

beforeEach(() => {
  vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('withdrawal queue', () => {
  it('asks for the pending withdrawals first and shows each row with its amounts', async () => {
    const { lists } = serve();
    open();
    expect(await screen.findAllByText('alice01')).toHaveLength(2);
    expect(lists[0]).toBe('?status=pending&page=1&pageSize=20');
    expect(screen.getAllByText('99.00').length).toBe(2);
    // Pending rows are approved or rejected, approved ones marked paid.
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Mark paid' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(lists.at(-1)).toBe('?page=1&pageSize=20'));
  });

  it('rejects only with a reason of at least 3 characters, sent with an idempotency key', async () => {
    const { sent } = serve();
    open();
    await rowAction('Reject');
    const box = dialog('Reject withdrawal');
    expect(within(box).getByTestId('decision-facts').textContent).toContain(pending.address);

    fireEvent.click(within(box).getByRole('button', { name: 'Reject' }));
    expect(await within(box).findByRole('alert')).toBeTruthy();
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'no' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(within(box).getByTestId('field-reason-message').getAttribute('role')).toBe('alert'),
    );
    expect(sent).toEqual([]);

    fireEvent.change(within(box).getByLabelText('Reason'), {
      target: { value: 'Address on the wrong network' },
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: `/api/admin/withdrawals/${pending.id}/reject`,
      body: { reason: 'Address on the wrong network' },
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(Toast.show).toHaveBeenCalled());
  });

  it('approves with an optional payout hash, checked before it is sent', async () => {
    const { sent } = serve();
    open();
    await rowAction('Approve');
    const box = dialog('Approve withdrawal');
    const hash = within(box).getByLabelText('Payout transaction hash (optional)');
    fireEvent.change(hash, { target: { value: '0x1234' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Approve' }));
    expect(await within(box).findByRole('alert')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(hash, { target: { value: HASH } });
    fireEvent.click(within(box).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: `/api/admin/withdrawals/${pending.id}/approve`,
      body: { txHash: HASH },
    });
  });

  it('approves without a hash as an empty body', async () => {
    const { sent } = serve();
    open();
    await rowAction('Approve');
    fireEvent.click(within(dialog('Approve withdrawal')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({});
  });

  it('marks an approved withdrawal paid, retrying a lost request with the same key', async () => {
    const { sent } = serve({ fail: 1 });
    open();
    await rowAction('Mark paid');
    const box = dialog('Mark as paid');
    fireEvent.change(within(box).getByLabelText('Payout transaction hash'), { target: { value: HASH } });
    fireEvent.click(within(box).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // No answer: the outcome is open, so the retry must be the same action.
    await waitFor(() => expect(within(box).getByRole('button', { name: 'Mark paid' })).toBeTruthy());
    fireEvent.click(within(box).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      path: `/api/admin/withdrawals/${approved.id}/paid`,
      body: { txHash: HASH },
    });
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});
