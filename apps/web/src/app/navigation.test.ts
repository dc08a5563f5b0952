import { describe, expect, it } from 'vitest';
import { Routes, safeReturnPath } from './navigation';

describe('safeReturnPath', () => {
  it('follows member pages and the admin area', () => {
    expect(safeReturnPath('/pages/Wallet/Wallet?currency=USDT')).toBe('/pages/Wallet/Wallet?currency=USDT');
    expect(safeReturnPath('/admin')).toBe('/admin');
    expect(safeReturnPath('/admin/withdrawals')).toBe('/admin/withdrawals');
  });

  it('sends anything else home', () => {
    for (const value of [
      null,
      '',
      '//evil.example/x',
      'https://evil.example',
      '/administrator',
      '/adminx/y',
    ]) {
      expect(safeReturnPath(value)).toBe(Routes.home);
    }
  });
});
