import { Languages, SecurityEndpoints, SecurityEventKinds, type TSecurityEvent } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../app/i18n';
import { fakeApi, renderPage } from '../../test/render-page';
import { AccountPaths } from './account-paths';
import SecurityActivityPage from './SecurityActivityPage';

const AT = '2026-11-20T10:15:00.000Z';
const event = (
  id: number,
  kind: TSecurityEvent['kind'],
  more: Partial<TSecurityEvent> = {},
): TSecurityEvent => ({
  id: String(id),
  kind,
  ip: `10.0.0.${id}`,
  device: null,
  detail: {},
  at: AT,
  ...more,
});

let items: TSecurityEvent[];
let asked: URL[];

beforeEach(() => {
  asked = [];
  items = [
    ...SecurityEventKinds.map((kind, i) => event(i + 100, kind)),
    event(1, 'login', { device: 'Chrome on Android' }),
    event(2, 'sessions_ended', { detail: { count: 3 } }),
    event(3, 'money_hold_started', {
      detail: { until: '2026-11-21T10:15:00.000Z', reason: 'contact_changed' },
    }),
    event(4, 'contact_changed', { detail: { channel: 'mobile' } }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) => {
        if (url.pathname !== SecurityEndpoints.securityEvents.path) return undefined;
        asked.push(url);
        return { body: { items, page: 1, pageSize: 50 } };
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('security activity page', () => {
  it('titles every kind of event in words, with its time, IP and the device where there is one', async () => {
    renderPage(AccountPaths.securityActivity, AccountPaths.securityActivity, <SecurityActivityPage />);
    const cards = await screen.findAllByTestId('security-event');
    expect(cards).toHaveLength(SecurityEventKinds.length + 4);
    expect(asked[0]?.searchParams.get('page')).toBe('1');

    const titles = cards
      .slice(0, SecurityEventKinds.length)
      .map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(SecurityEventKinds.map((kind) => i18n.t(`securityActivity.kinds.${kind}`)));
    expect(titles).toContain('Signed in');
    expect(titles).toContain('Failed sign-in attempt');
    expect(titles).toContain('Transfers and withdrawals on hold');
    // Every kind has its own words, none the bare key.
    expect(new Set(titles).size).toBe(SecurityEventKinds.length);
    expect(titles.filter((title) => title?.startsWith('securityActivity.'))).toEqual([]);

    const [login, ended, hold, contact] = cards.slice(SecurityEventKinds.length);
    expect(within(login!).getByText(when(AT))).toBeTruthy();
    expect(within(login!).getByText('IP: 10.0.0.1')).toBeTruthy();
    expect(within(login!).getByText('Device: Chrome on Android')).toBeTruthy();
    expect(within(ended!).queryByText(/^Device:/)).toBeNull();
    expect(within(ended!).getByText('Devices signed out: 3')).toBeTruthy();
    expect(within(hold!).getByText('After: Email or mobile number changed')).toBeTruthy();
    expect(within(hold!).getByText(`Until ${when('2026-11-21T10:15:00.000Z')}`)).toBeTruthy();
    expect(within(contact!).getByText('Mobile number')).toBeTruthy();
  });

  it('has a title for every kind in every language', async () => {
    // Only the active language is loaded at start (decision 47): load the others as a switch would.
    await Promise.all(Languages.map(loadLanguage));
    const missing = Languages.flatMap((lang) =>
      SecurityEventKinds.filter((kind) => {
        const key = `securityActivity.kinds.${kind}`;
        return !i18n.exists(key, { lng: lang, fallbackLng: false }) || i18n.getFixedT(lang)(key) === key;
      }).map((kind) => `${lang}:${kind}`),
    );
    expect(missing).toEqual([]);
  });
});
