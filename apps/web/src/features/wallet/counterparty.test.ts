import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { counterpartyText } from './counterparty';

describe('record counterparty', () => {
  const t = i18n.t.bind(i18n);
  it('shows a masked member as it came, the platform and own wallets in words', () => {
    expect(counterpartyText(t, 'bo***01')).toBe('bo***01');
    expect(counterpartyText(t, 'system:fees')).toBe('Platform fees');
    expect(counterpartyText(t, 'system:something_new')).toBe('something_new');
    expect(counterpartyText(t, 'self:reward')).toBe('My Reward wallet');
    expect(counterpartyText(t, null)).toBeNull();
  });
});
