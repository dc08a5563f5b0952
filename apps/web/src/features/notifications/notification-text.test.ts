import type { TNotification } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { notificationText } from './notification-text';

const t = i18n.t.bind(i18n);
const notice = (kind: TNotification['kind'], params: Record<string, string>): TNotification => ({
  id: '1',
  kind,
  params,
  link: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
});

describe('security notifications (decision 42)', () => {
  it('say which credential changed and until when money leaving is held', () => {
    const text = notificationText(
      t,
      notice('security_change', {
        change: 'transaction_password_changed',
        until: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect(text.title).toBe('Your account’s security was changed');
    expect(text.body).toMatch(
      /^Your transaction password was changed\. Transfers and withdrawals are on hold until .*2026.*\. If it was not you, contact customer service at once\.$/,
    );
  });

  it('say no hold when none started', () => {
    const text = notificationText(t, notice('security_change', { change: 'password_changed', until: '' }));
    expect(text.body).toBe(
      'Your login password was changed. If it was not you, contact customer service at once.',
    );
  });

  it('say until when money actions are locked after wrong transaction passwords', () => {
    const text = notificationText(
      t,
      notice('transaction_password_locked', { until: '2026-11-20T10:30:00.000Z' }),
    );
    expect(text.title).toBe('Money actions locked');
    expect(text.body).toMatch(/Money actions are locked until .*2026/);
  });
});
