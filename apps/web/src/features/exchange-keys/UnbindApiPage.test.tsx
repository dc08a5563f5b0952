import { AuthEndpoints, ExchangeKeysEndpoints, type TExchangeKey } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, type SeenRequest, seen } from '../../test/wallet-fixtures';
import UnbindApiPage from './UnbindApiPage';

vi.mock('../../app/seal', () => ({
  seal: vi.fn(async (value: string) => ({ keyId: 'k1', ciphertext: `sealed(${value})` })),
}));

const key = (id: string, exchange: TExchangeKey['exchange'], masked: string): TExchangeKey => ({
  id,
  exchange,
  apiKeyMasked: masked,
  status: 'active',
  statusReason: null,
  warnings: [],
  ipWhitelist: [],
  ipRestricted: true,
  canTradeSpot: true,
  canTradePerpetual: true,
  expiresAt: null,
  lastCheckedAt: '2026-11-23T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
});
const binance = key('1b0c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', 'binance', 'vmPU****Eh8A');
const gate = key('2b0c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', 'gate', 'gAtE****kEy1');

let requests: SeenRequest[];
let keys: TExchangeKey[];

beforeEach(() => {
  requests = [];
  keys = [binance, gate];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === ExchangeKeysEndpoints.exchangeKeys.path) return { body: { items: keys } };
        const unbind = url.pathname.match(/^\/api\/exchange-keys\/([^/]+)\/unbind$/);
        if (unbind) {
          const body = request.body as { password: { ciphertext: string } };
          if (body.password.ciphertext !== 'sealed(Pay12345)') {
            return { status: 400, body: { code: 'TRANSACTION_PASSWORD_WRONG', message: 'no' } };
          }
          const gone = keys.find((k) => k.id === unbind[1]);
          keys = keys.filter((k) => k.id !== unbind[1]);
          return { body: { id: unbind[1], exchange: gone?.exchange, positionsUntouched: true } };
        }
        return undefined;
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unbinding an API key', () => {
  it('says positions stay open, confirms with the transaction password, and removes the chosen key', async () => {
    renderPage('/pages/personal/Unbindapi', `/pages/personal/Unbindapi?id=${gate.id}`, <UnbindApiPage />);
    expect(screen.getByText(/open orders and positions on the exchange stay as they are/)).toBeTruthy();
    const gateChoice = await screen.findByRole('radio', { name: /Gate · gAtE\*\*\*\*kEy1/ });
    // The key the card linked to is chosen already.
    expect(gateChoice).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /Binance · vmPU\*\*\*\*Eh8A/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unbind this key?' });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Open positions on the exchange stay untouched.',
    );
    expect(within(dialog).getByTestId('receipt-row-exchange').textContent).toBe('Binance');
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Nope1234' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('form-alert')).textContent).toBe(
      'The transaction password is not correct.',
    );
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: 'Pay12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('radio', { name: /Binance/ })).toBeNull());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([
      `/api/exchange-keys/${binance.id}/unbind`,
      `/api/exchange-keys/${binance.id}/unbind`,
    ]);
    expect(posts[1]?.body).toEqual({ password: { keyId: 'k1', ciphertext: 'sealed(Pay12345)' } });
    expect(screen.getByRole('radio', { name: /Gate/ })).toBeTruthy();
  });

  it('points to the bind page when no key is bound', async () => {
    keys = [];
    renderPage('/pages/personal/Unbindapi', '/pages/personal/Unbindapi', <UnbindApiPage />);
    expect(await screen.findByText('No exchange API key is bound.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Bind an API key' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });
});
