import { ZUserInfo } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { member } from '../test/wallet-fixtures';
import { hasStoredLogin, restoreSession, session } from './session';
import { readItem, removeItem, StorageKeys, writeItem } from './storage';

// The stored session is read with the userInfo check from its own chunk (out of the entry): before the
// first render main.tsx awaits restoreSession, which loads that chunk.
describe('restoreSession', () => {
  it('signs the member in from a stored userInfo that fits the current shape', async () => {
    writeItem(StorageKeys.isLogin, 'true');
    writeItem(StorageKeys.userInfo, JSON.stringify(member));
    await restoreSession();
    // The member fixture is GET /api/me's answer; the session keeps the userInfo part of it.
    expect(session.get()).toEqual({ isLogin: true, userInfo: ZUserInfo.parse(member) });
  });

  it('stays signed out when the stored userInfo does not fit (an older build wrote it)', async () => {
    writeItem(StorageKeys.isLogin, 'true');
    writeItem(StorageKeys.userInfo, JSON.stringify({ ...member, username: 42 }));
    await restoreSession();
    expect(session.get()).toEqual({ isLogin: false, userInfo: null });
  });
});

// routes.tsx starts the home page's reads before the check has loaded, on the stored flag alone.
describe('hasStoredLogin', () => {
  it('is true for a stored login with a userInfo, false once signed out', () => {
    writeItem(StorageKeys.isLogin, 'true');
    writeItem(StorageKeys.userInfo, JSON.stringify(member));
    expect(hasStoredLogin()).toBe(true);
    writeItem(StorageKeys.isLogin, 'false');
    expect(hasStoredLogin()).toBe(false);
    writeItem(StorageKeys.isLogin, 'true');
    removeItem(StorageKeys.userInfo);
    expect(hasStoredLogin()).toBe(false);
  });
});

// Every page that shows the member asks GET /api/me again (use-me.ts): an answer equal to what is shown must
// not make everything that reads the session render again.
describe('session.update', () => {
  it('changes and announces nothing for an answer equal to the session, and stores a changed one', async () => {
    writeItem(StorageKeys.isLogin, 'true');
    writeItem(StorageKeys.userInfo, JSON.stringify(ZUserInfo.parse(member)));
    await restoreSession();
    const before = session.get();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    try {
      session.update(ZUserInfo.parse(member));
      expect(listener).not.toHaveBeenCalled();
      expect(session.get()).toBe(before);

      const renamed = ZUserInfo.parse({ ...member, fullName: 'Alice Renamed' });
      session.update(renamed);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(session.get().userInfo).toEqual(renamed);
      expect(JSON.parse(readItem(StorageKeys.userInfo) ?? 'null')).toEqual(renamed);
    } finally {
      unsubscribe();
    }
  });
});
