import { describe, expect, it } from 'vitest';
import { transition } from './kyc-state';

describe('the KYC state machine', () => {
  it('lets a member without a submission submit one, which then waits for approval', () => {
    expect(transition('none', 'submit')).toEqual({ ok: true, to: 'pending' });
  });

  it('lets a rejected member submit again', () => {
    expect(transition('rejected', 'submit')).toEqual({ ok: true, to: 'pending' });
  });

  it('refuses a second submission while one waits (KYC_PENDING)', () => {
    expect(transition('pending', 'submit')).toEqual({ ok: false, code: 'KYC_PENDING' });
  });

  it('refuses any submission after approval: approved is final (KYC_ALREADY_APPROVED)', () => {
    expect(transition('approved', 'submit')).toEqual({ ok: false, code: 'KYC_ALREADY_APPROVED' });
  });

  it('lets an admin approve or reject a pending submission', () => {
    expect(transition('pending', 'approve')).toEqual({ ok: true, to: 'approved' });
    expect(transition('pending', 'reject')).toEqual({ ok: true, to: 'rejected' });
  });

  it.each([
    ['none', 'approve'],
    ['none', 'reject'],
    ['approved', 'approve'],
    ['approved', 'reject'],
    ['rejected', 'approve'],
    ['rejected', 'reject'],
  ] as const)(
    'refuses a review when the state is %s (%s): only a pending submission is reviewed',
    (from, event) => {
      expect(transition(from, event)).toEqual({ ok: false, code: 'KYC_NOT_PENDING' });
    },
  );
});
