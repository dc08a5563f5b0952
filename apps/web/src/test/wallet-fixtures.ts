import type { TMe, TMoneyHoldState, TWalletOverview } from '@app/contracts';

/** The signed-in member of the wallet tests. */
export const member: TMe = {
  userid: '3',
  username: 'alice01',
  role: 'member',
  fullName: 'Alice Demo',
  email: 'alice01@demo.local',
  mobile: null,
  sponsor: 'company',
  placement: 'company',
  side: 'left',
  rank: 'Fans',
  language: 'en-US',
  hasTransactionPassword: true,
  joinedAt: '2026-01-01T00:00:00.000Z',
  kycStatus: 'none',
};

/** No money hold and no transaction-password lock (GET /api/me/money-hold). */
export const noMoneyHold: TMoneyHoldState = {
  hold: null,
  transactionPasswordLockedUntil: null,
  holdHours: 24,
};

const zero6 = '0.000000';
const zero8 = '0.00000000';

/** alice01's balances: USDT in two wallets, MCOIN, and a promotional coin. */
export const overview: TWalletOverview = {
  usdTotal: '1450.000000',
  currencies: [
    {
      currency: 'USDT',
      decimals: 6,
      kind: 'stable',
      usdPrice: '1.000000',
      wallets: [
        { wallet: 'deposit', available: '250.000000', held: zero6 },
        { wallet: 'trading', available: zero6, held: zero6 },
        { wallet: 'reward', available: zero6, held: zero6 },
        { wallet: 'funds', available: '1000.000000', held: zero6 },
      ],
      total: '1250.000000',
      usdValue: '1250.000000',
    },
    {
      currency: 'MCOIN',
      decimals: 8,
      kind: 'coin',
      usdPrice: '0.250000',
      wallets: [
        { wallet: 'deposit', available: zero8, held: zero8 },
        { wallet: 'trading', available: zero8, held: zero8 },
        { wallet: 'reward', available: zero8, held: zero8 },
        { wallet: 'funds', available: '800.00000000', held: zero8 },
      ],
      total: '800.00000000',
      usdValue: '200.000000',
    },
    {
      currency: 'AIRDROP',
      decimals: 6,
      kind: 'promo',
      usdPrice: zero6,
      wallets: [
        { wallet: 'deposit', available: zero6, held: zero6 },
        { wallet: 'trading', available: zero6, held: zero6 },
        { wallet: 'reward', available: zero6, held: zero6 },
        { wallet: 'funds', available: '100.000000', held: zero6 },
      ],
      total: '100.000000',
      usdValue: zero6,
    },
  ],
};

/** The request a fake fetch saw: path, method, Idempotency-Key and JSON body. */
export interface SeenRequest {
  path: string;
  method: string;
  key: string | undefined;
  body: unknown;
}

export function seen(url: URL, init: RequestInit): SeenRequest {
  const headers = (init.headers ?? {}) as Record<string, string>;
  return {
    path: url.pathname,
    method: init.method ?? 'GET',
    key: headers['Idempotency-Key'],
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
}
