import { KycEndpoints, type TKycState } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { KycPaths } from './kyc-paths';
import NameVerificationPage from './NameVerificationPage';

const pictures = {
  front: '/api/uploads/11111111-1111-4111-8111-111111111111',
  back: '/api/uploads/22222222-2222-4222-8222-222222222222',
  holding: '/api/uploads/33333333-3333-4333-8333-333333333333',
};
const rejected: TKycState = {
  status: 'rejected',
  submission: {
    id: '44444444-4444-4444-8444-444444444444',
    status: 'rejected',
    country: 'MY',
    idType: 'ic',
    fullName: 'Raj A/L Kumar',
    idNumber: '880101-14-5566',
    pictures,
    reason: 'The back picture is blurred',
    submittedAt: '2026-11-19T10:00:00.000Z',
    reviewedAt: '2026-11-19T12:00:00.000Z',
  },
};

let state: TKycState;
let checks: string[];
let submissions: unknown[];

beforeEach(() => {
  checks = [];
  submissions = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        if (url.pathname === KycEndpoints.kycIdNumberCheck.path) {
          checks.push(String(init.body));
          return { body: { available: true } };
        }
        if (url.pathname === KycEndpoints.kyc.path && init.method === 'POST') {
          submissions.push(JSON.parse(String(init.body)));
          return { body: state };
        }
        if (url.pathname === KycEndpoints.kyc.path) return { body: state };
        return undefined;
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => renderPage(KycPaths.nameVerification, KycPaths.nameVerification, <NameVerificationPage />);

describe('the identity verification page', () => {
  it('shows a rejection with its reason, and a "submit again" form holding what was sent', async () => {
    state = rejected;
    open();
    const status = await screen.findByTestId('kyc-status');
    expect(within(status).getByText('Rejected')).toBeTruthy();
    expect(screen.getByTestId('kyc-reason').textContent).toContain('The back picture is blurred');
    expect(screen.getByRole('heading', { name: 'Submit again' })).toBeTruthy();
    expect((screen.getByLabelText('Name as on the ID') as HTMLInputElement).value).toBe('Raj A/L Kumar');
    expect((screen.getByLabelText('ID number') as HTMLInputElement).value).toBe('880101-14-5566');
    expect(screen.getByTestId('kyc-country').textContent).toContain('Malaysia');
  });

  it('opens the viewer on the three pictures from the one tapped', async () => {
    state = rejected;
    const router = open();
    fireEvent.click(await screen.findByTestId('kyc-picture-holding'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preview-image'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.getAll('u')).toEqual([pictures.front, pictures.back, pictures.holding]);
    expect(query.get('i')).toBe('2');
  });

  it('does not ask on leaving the ID number field whether another member uses it (told only on submit)', async () => {
    state = rejected;
    open();
    const number = await screen.findByLabelText('ID number');
    fireEvent.blur(number);
    fireEvent.change(number, { target: { value: 'a1234567' } });
    fireEvent.blur(number);
    await screen.findByRole('heading', { name: 'Submit again' });
    expect(checks).toEqual([]);
    expect(screen.queryByText('This ID number is already used by another member.')).toBeNull();
  });

  it('asks for the three pictures before sending anything', async () => {
    state = { status: 'none', submission: null };
    open();
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Choose a country from the list.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
    expect(submissions).toEqual([]);
  });

  it('shows no form once the submission waits or is approved', async () => {
    state = { status: 'approved', submission: { ...rejected.submission!, status: 'approved', reason: null } };
    open();
    const status = await screen.findByTestId('kyc-status');
    expect(within(status).getByText('Verified')).toBeTruthy();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    expect(screen.queryByTestId('kyc-reason')).toBeNull();
  });
});
