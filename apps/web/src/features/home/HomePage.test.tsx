import { AuthEndpoints, ZUserInfo } from '@app/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../../app/session';
import { StorageKeys, writeItem } from '../../app/storage';
import { fakeApi, renderPage } from '../../test/render-page';
import { member } from '../../test/wallet-fixtures';
import HomePage from './HomePage';

// The lists stand in as counters: what matters here is which parts render again when the member's answer
// comes, not what the lists draw (HomeSections.test.tsx has that).
const listRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../markets/HomePrices', () => ({
  HomePrices: () => {
    listRenders.count++;
    return null;
  },
}));
vi.mock('../content/HomeContent', () => ({
  HomeAnnouncements: () => null,
  HomeSlides: () => null,
  HomeNews: () => null,
}));
vi.mock('../mining/HomeMiningPackages', () => ({ HomeMiningPackages: () => null }));
vi.mock('./HomeHeader', () => ({ HomeHeader: () => null }));

/** GET /api/me, held until the test lets it answer. */
let answerMe: () => void;

beforeEach(async () => {
  listRenders.count = 0;
  const stored = ZUserInfo.parse({ ...member, fullName: 'Alice Stored', hasTransactionPassword: true });
  writeItem(StorageKeys.isLogin, 'true');
  writeItem(StorageKeys.userInfo, JSON.stringify(stored));
  await restoreSession();
  const answered = new Promise<void>((resolve) => {
    answerMe = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === AuthEndpoints.me.path) await answered;
      return fakeApi((path) =>
        path.pathname === AuthEndpoints.me.path
          ? { body: { ...member, fullName: 'Alice Fresh', hasTransactionPassword: false } }
          : undefined,
      )(input, init);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('greets with the stored member at once and with the fresh answer after, re-rendering only that part', async () => {
    renderPage('/pages/home/home', '/pages/home/home', <HomePage />);
    await screen.findByRole('heading', { name: 'Hello, Alice Stored' });
    expect(screen.queryByRole('heading', { name: 'Set your transaction password' })).toBeNull();
    const rendersBefore = listRenders.count;
    expect(rendersBefore).toBeGreaterThan(0);

    answerMe();
    await screen.findByRole('heading', { name: 'Hello, Alice Fresh' });
    // The fresh answer says no transaction password yet: the prompt comes with it.
    await screen.findByRole('heading', { name: 'Set your transaction password' });
    // The lists did not render again for the member's answer.
    expect(listRenders.count).toBe(rendersBefore);
    // Two parts read the member, one request asks for it.
    const asked = vi
      .mocked(fetch)
      .mock.calls.filter(([input]) => String(input).endsWith(AuthEndpoints.me.path));
    expect(asked).toHaveLength(1);
  });
});
