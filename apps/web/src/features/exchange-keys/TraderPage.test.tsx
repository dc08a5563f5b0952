import { AuthEndpoints, ExchangeKeysEndpoints, type TExchangeKey } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, noMoneyHold, type SeenRequest, seen } from '../../test/wallet-fixtures';
import TraderPage from './TraderPage';

vi.mock('../../app/seal', () => ({
  seal: vi.fn(async (value: string) => ({ keyId: 'k1', ciphertext: `sealed(${value})` })),
}));

const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';

const bybitKey: TExchangeKey = {
  id: '5b0c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  exchange: 'bybit',
  apiKeyMasked: 'AbCd****WxYz',
  status: 'suspended',
  statusReason: 'KEY_CAN_WITHDRAW',
  warnings: ['KEY_NO_IP_RESTRICTION'],
  ipWhitelist: ['203.0.113.7'],
  ipRestricted: true,
  canTradeSpot: true,
  canTradePerpetual: false,
  expiresAt: '2027-02-01T00:00:00.000Z',
  lastCheckedAt: '2026-11-23T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
};

let requests: SeenRequest[];
let keys: TExchangeKey[];
let egress: string[];

beforeEach(() => {
  requests = [];
  keys = [bybitKey];
  egress = ['203.0.113.7', '203.0.113.8'];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === AuthEndpoints.moneyHold.path) return { body: noMoneyHold };
        if (url.pathname === ExchangeKeysEndpoints.exchangeKeyEgressIps.path)
          return { body: { ips: egress } };
        if (url.pathname === ExchangeKeysEndpoints.exchangeKeys.path && request.method === 'GET')
          return { body: { items: keys } };
        if (url.pathname === ExchangeKeysEndpoints.exchangeKeys.path && request.method === 'POST') {
          const body = request.body as { password: { ciphertext: string }; apiKey: string };
          if (body.password.ciphertext !== 'sealed(Pay12345)') {
            return { status: 400, body: { code: 'KEY_CAN_WITHDRAW', message: 'refused' } };
          }
          const bound: TExchangeKey = {
            ...bybitKey,
            id: '7d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
            exchange: 'binance',
            apiKeyMasked: 'vmPU****Eh8A',
            status: 'active',
            statusReason: null,
            ipWhitelist: [],
            ipRestricted: false,
            expiresAt: null,
          };
          keys = [...keys, bound];
          return { body: bound };
        }
        if (url.pathname.endsWith('/recheck')) {
          keys = keys.map((k) => ({ ...k, status: 'active', statusReason: null }));
          return { body: keys[0] };
        }
        return undefined;
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the exchange API key page', () => {
  it('shows a bound key masked, why it is suspended, its warnings in words, its IPs and expiry; re-checks it', async () => {
    renderPage('/pages/personal/trader', '/pages/personal/trader', <TraderPage />);
    const card = await screen.findByTestId('key-bybit');
    expect(within(card).getByRole('heading', { name: 'Bybit' })).toBeTruthy();
    expect(within(card).getByText('Suspended')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toMatch(/^Suspended: the key can now withdraw funds/);
    expect(within(card).getByRole('list', { name: 'Warnings' }).textContent).toMatch(
      /not restricted to IP addresses/,
    );
    expect(within(card).getByTestId('receipt-row-apiKey').textContent).toBe('AbCd****WxYz');
    expect(within(card).getByTestId('receipt-row-ipWhitelist').textContent).toBe('203.0.113.7');
    expect(within(card).getByTestId('receipt-row-expiresAt').textContent).toMatch(/2027/);
    expect(within(card).getByTestId('receipt-row-rights').textContent).toBe('Spot');

    fireEvent.click(within(card).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(screen.getByTestId('key-bybit')).getByText('Active')).toBeTruthy());
    expect(
      requests.some((r) => r.method === 'POST' && r.path === `/api/exchange-keys/${bybitKey.id}/recheck`),
    ).toBe(true);
  });

  it('binds a key: the secret leaves sealed, the transaction password is asked in the confirm step', async () => {
    renderPage('/pages/personal/trader', '/pages/personal/trader', <TraderPage />);
    const form = await screen.findByRole('form', { name: 'Connect an exchange' });
    const exchanges = within(within(form).getByRole('group', { name: 'Exchange' }));
    // Bybit is bound already: only the others can be chosen.
    expect(exchanges.getByRole('radio', { name: 'Bybit' })).toHaveProperty('disabled', true);
    expect(exchanges.getByRole('radio', { name: 'Binance' })).toHaveProperty('checked', true);
    // Binance keys have no passphrase: no field for one.
    expect(within(form).queryByLabelText('Passphrase')).toBeNull();
    expect((await within(form).findByTestId('egress-ips')).textContent).toMatch(
      /203\.0\.113\.7, 203\.0\.113\.8/,
    );
    expect(within(form).getByRole('button', { name: 'Copy the IP addresses' })).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('API key'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('field-apiKey-message')).textContent).toMatch(/8 to 256 characters/);
    expect((await screen.findByTestId('field-secret-message')).textContent).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('API key'), { target: { value: API_KEY } });
    fireEvent.change(within(form).getByLabelText('Secret key'), { target: { value: SECRET } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect this key?' });
    expect(within(dialog).getByTestId('receipt-row-apiKey').textContent).toBe('vmPU****Eh8A');
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Wrong123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('form-alert')).textContent).toMatch(
      /^This key may withdraw funds/,
    );

    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('key-binance')).toBeTruthy();

    const binds = requests.filter(
      (r) => r.method === 'POST' && r.path === ExchangeKeysEndpoints.exchangeKeys.path,
    );
    expect(binds[1]?.body).toEqual({
      exchange: 'binance',
      apiKey: API_KEY,
      secret: { keyId: 'k1', ciphertext: `sealed(${SECRET})` },
      password: { keyId: 'k1', ciphertext: 'sealed(Pay12345)' },
    });
    // The secret never travels in clear: only inside the sealed value.
    for (const request of requests) {
      const text = JSON.stringify(request.body ?? '').replaceAll(`sealed(${SECRET})`, '');
      expect(text).not.toContain(SECRET);
    }
    // Gate is the one exchange left to bind: the form moves on to it, emptied.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Gate' })).toHaveProperty('checked', true));
    expect(screen.getByLabelText('Secret key')).toHaveProperty('value', '');
  });

  it('says so when the platform has no egress IP configured', async () => {
    egress = [];
    keys = [];
    renderPage('/pages/personal/trader', '/pages/personal/trader', <TraderPage />);
    expect(await screen.findByText(/No fixed outgoing IP is configured/)).toBeTruthy();
    expect(screen.queryByTestId('egress-ips')).toBeNull();
  });
});
