import { AuthEndpoints, type TMoneyHoldState, WalletEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, noMoneyHold, overview, type SeenRequest, seen } from '../../test/wallet-fixtures';
import AirdropPage from './AirdropPage';
import TransferPage from './TransferPage';

vi.mock('../../app/seal', () => ({
  seal: vi.fn(async (value: string) => ({ keyId: 'k1', ciphertext: `sealed(${value})` })),
}));

const rules = {
  items: [
    { fromWallet: 'funds', toWallet: 'funds', currency: 'USDT', enabled: true },
    { fromWallet: 'deposit', toWallet: 'funds', currency: 'USDT', enabled: false },
    { fromWallet: 'funds', toWallet: 'funds', currency: 'AIRDROP', enabled: true },
  ],
};

let requests: SeenRequest[];
let moneyHold: TMoneyHoldState;

beforeEach(() => {
  requests = [];
  moneyHold = noMoneyHold;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === AuthEndpoints.moneyHold.path) return { body: moneyHold };
        if (url.pathname === WalletEndpoints.wallet.path) return { body: overview };
        if (url.pathname === WalletEndpoints.transferRules.path) return { body: rules };
        if (url.pathname === WalletEndpoints.recipient.path) {
          return url.searchParams.get('username') === 'bobby01'
            ? { body: { username: 'bobby01', maskedName: 'Bo******mo' } }
            : { status: 404, body: { code: 'RECIPIENT_NOT_FOUND', message: 'no' } };
        }
        if (url.pathname === WalletEndpoints.transfer.path || url.pathname === WalletEndpoints.airdrop.path) {
          const body = request.body as { password: { ciphertext: string }; amount: string; currency: string };
          if (body.password.ciphertext !== 'sealed(Pay12345)') {
            return { status: 400, body: { code: 'TRANSACTION_PASSWORD_WRONG', message: 'no' } };
          }
          return {
            body: {
              id: 'e3d6b045-f159-882d-978d-1db9a51734ad',
              createdAt: '2026-11-23T09:32:00.000Z',
              currency: body.currency,
              amount: '12.500000',
              balanceAfter: '987.500000',
              counterparty: 'bo***01',
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

const field = (name: string) => screen.getByRole('textbox', { name });

describe('transfer page', () => {
  it('offers only the coins and wallets the enabled rules allow, and shows who a username belongs to', async () => {
    renderPage('/pages/Wallet/transfer', '/pages/Wallet/transfer', <TransferPage />);
    const coins = within(await screen.findByRole('group', { name: 'Coin' }));
    expect(coins.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['USDT']);
    const wallets = within(await screen.findByRole('group', { name: 'Wallets' }));
    expect(wallets.getAllByRole('radio')).toHaveLength(1);
    expect(wallets.getByRole('radio', { name: 'Funds → Funds' })).toBeTruthy();
    expect(await screen.findByText('Available: 1,000.00 USDT')).toBeTruthy();

    fireEvent.change(field('Recipient username'), { target: { value: 'ghost01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(screen.getByTestId('field-to-message').textContent).toBe('No member has this username.'),
    );

    fireEvent.change(field('Recipient username'), { target: { value: 'bobby01' } });
    fireEvent.blur(field('Recipient username'));
    await waitFor(() =>
      expect(screen.getByTestId('field-to-message').textContent).toBe('Recipient: Bo******mo'),
    );

    fireEvent.change(field('Amount'), { target: { value: '1000.000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('field-amount-message')).textContent).toBe('Insufficient balance.');
  });

  it('confirms with the transaction password: a refusal is final (new key), then shows the receipt', async () => {
    renderPage('/pages/Wallet/transfer', '/pages/Wallet/transfer?currency=USDT', <TransferPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Recipient username' }), {
      target: { value: 'bobby01' },
    });
    fireEvent.change(field('Amount'), { target: { value: '12.5' } });
    fireEvent.change(field('Memo (optional)'), { target: { value: 'lunch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(dialog).getByTestId('receipt-row-from').textContent).toBe('alice01');
    expect(within(dialog).getByTestId('receipt-row-to').textContent).toBe('Bo******mo (bobby01)');
    expect(within(dialog).getByTestId('receipt-row-amount').textContent).toBe('12.50 USDT');
    expect(within(dialog).getByTestId('receipt-row-memo').textContent).toBe('lunch');

    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'nope1234' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('form-alert')).textContent).toBe(
      'The transaction password is not correct.',
    );
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const receipt = await screen.findByTestId('result-card');
    expect(within(receipt).getByText('Transfer sent')).toBeTruthy();
    expect(within(receipt).getByTestId('receipt-row-balance').textContent).toBe('987.50 USDT');
    const posts = requests.filter((r) => r.path === WalletEndpoints.transfer.path);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toBeTruthy();
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
    expect(posts[1]?.body).toEqual({
      to: 'bobby01',
      currency: 'USDT',
      fromWallet: 'funds',
      toWallet: 'funds',
      amount: '12.5',
      memo: 'lunch',
      password: { keyId: 'k1', ciphertext: 'sealed(Pay12345)' },
    });
    // The balances are asked for again after the move.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === WalletEndpoints.wallet.path).length).toBeGreaterThan(1),
    );
  });

  it('airdrops promotional coins only, Funds to Funds', async () => {
    renderPage('/pages/Wallet/airdrop', '/pages/Wallet/airdrop', <AirdropPage />);
    const coins = within(await screen.findByRole('group', { name: 'Coin' }));
    expect(coins.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['AIRDROP']);
    expect(screen.queryByRole('group', { name: 'Wallets' })).toBeNull();
    fireEvent.change(field('Recipient username'), { target: { value: 'bobby01' } });
    fireEvent.change(field('Amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the airdrop' });
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Airdrop sent', { selector: 'h2' })).toBeTruthy();
    expect(requests.find((r) => r.path === WalletEndpoints.airdrop.path)?.body).toEqual({
      to: 'bobby01',
      currency: 'AIRDROP',
      amount: '5',
      password: { keyId: 'k1', ciphertext: 'sealed(Pay12345)' },
    });
  });

  it('says before the member tries that transfers are held, why and until when (decision 42)', async () => {
    moneyHold = {
      hold: { reason: 'contact_changed', until: '2026-11-24T09:32:00.000Z' },
      transactionPasswordLockedUntil: null,
      holdHours: 24,
    };
    renderPage('/pages/Wallet/transfer', '/pages/Wallet/transfer', <TransferPage />);
    const notice = await screen.findByTestId('money-hold');
    expect(notice.textContent).toMatch(
      /^Your email or mobile number was changed\. Transfers and withdrawals are on hold until .*2026.*\. If it was not you, contact customer service at once\.$/,
    );
    expect(screen.queryByTestId('money-lock')).toBeNull();
  });

  it('says when money actions are locked after wrong transaction passwords', async () => {
    moneyHold = { hold: null, transactionPasswordLockedUntil: '2026-11-24T10:02:00.000Z', holdHours: 24 };
    renderPage('/pages/Wallet/transfer', '/pages/Wallet/transfer', <TransferPage />);
    const notice = await screen.findByTestId('money-lock');
    expect(notice.textContent).toMatch(
      /^Too many wrong transaction passwords: money actions are locked until .*2026.*\.$/,
    );
  });
});
