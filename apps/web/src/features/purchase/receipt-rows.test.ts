import type { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { paymentRows } from './receipt-rows';

const t = ((key: string) => key) as unknown as ReturnType<typeof useTranslation>['t'];
const usdt = { price: '120.000000', discount: '10.000000', pay: '110.000000', currency: 'USDT' };
const usdc = { price: '30.000000', discount: '0.000000', pay: '30.000000', currency: 'USDC' };
const figures = (currency: string) => ({
  available: currency === 'USDT' ? '1000.000000' : '50.000000',
  decimals: 6,
});

describe('paymentRows', () => {
  it('keeps the single purchase rows as they were', () => {
    const rows = paymentRows(t, 'mining', { quote: usdt, wallet: 'funds', figures, lead: [], extra: [] });
    expect(rows.map((r) => r.id)).toEqual(['price', 'discount', 'pay', 'wallet', 'balance']);
    expect(rows.find((r) => r.id === 'balance')?.value).toBe('890.00 USDT');
  });

  it('gives a cart in two currencies its totals and balance after for each', () => {
    const rows = paymentRows(t, 'mining', {
      quote: [usdt, usdc],
      wallet: 'funds',
      figures,
      lead: [{ id: 'line-1', label: 'A', value: 'x' }],
      extra: [],
    });
    expect(rows.map((r) => r.id)).toEqual([
      'line-1',
      'price-USDT',
      'discount-USDT',
      'pay-USDT',
      'price-USDC',
      'discount-USDC',
      'pay-USDC',
      'wallet',
      'balance-USDT',
      'balance-USDC',
    ]);
    expect(rows.find((r) => r.id === 'balance-USDC')?.value).toBe('20.00 USDC');
  });
});
