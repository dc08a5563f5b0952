import type { TAdminManagedAccount } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { existingAccount, isLocked, replacementOf } from './managed-account-rules';

const account = (over: Partial<TAdminManagedAccount> = {}): TAdminManagedAccount => ({
  id: '1',
  memberId: '42',
  username: 'frank01',
  exchange: 'binance',
  kind: 'sub_account',
  apiKeyMasked: 'subA****SUB1',
  liveBots: 0,
  updatedAt: '2026-11-26T01:00:00.000Z',
  ...over,
});

describe('assigning a managed sub-account', () => {
  it("finds the member's account on that exchange among a prefix search's rows, whatever the case typed", () => {
    const rows = [
      account({ id: '1', username: 'frank011' }),
      account({ id: '2', exchange: 'bybit' }),
      account({ id: '3' }),
    ];
    expect(existingAccount(rows, ' FRANK01 ', 'binance')?.id).toBe('3');
    expect(existingAccount(rows, 'frank01', 'gate')).toBeUndefined();
  });

  it('asks before replacing a key or a paper account, not before a first assignment', () => {
    expect(replacementOf(undefined)).toBeNull();
    expect(replacementOf(account())).toEqual({ kind: 'key', apiKeyMasked: 'subA****SUB1' });
    expect(replacementOf(account({ kind: 'paper', apiKeyMasked: null }))).toEqual({ kind: 'paper' });
  });

  it('locks a row while managed bots there are live', () => {
    expect(isLocked(account())).toBe(false);
    expect(isLocked(account({ liveBots: 2 }))).toBe(true);
  });
});
