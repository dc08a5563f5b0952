import { describe, expect, it } from 'vitest';
import { registerDefaults } from '../auth/register.form';
import { inviteLink } from './invite-link';

describe('the invitation link', () => {
  it('opens the sign-up page with the code as the sponsor', () => {
    expect(inviteLink('https://app.example', 'alice01')).toBe(
      'https://app.example/#/pages/register/register?sponsor=alice01',
    );
  });

  it('is read back by the sign-up form as the sponsor, whatever the code holds', () => {
    const link = new URL(inviteLink('https://app.example', 'Bob 01&x=1'));
    const query = new URLSearchParams(link.hash.split('?')[1]);
    expect(registerDefaults(query, 'en-US').sponsor).toBe('Bob 01&x=1');
  });
});
