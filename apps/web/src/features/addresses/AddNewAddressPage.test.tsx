import { AuthEndpoints, ProfileEndpoints } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { fakeApi } from '../../test/render-page';
import type { PickedLocationState } from '../location/location-paths';
import AddNewAddressPage from './AddNewAddressPage';
import { emptyAddress } from './address.form';
import { AddressPaths } from './address-paths';

const sent: unknown[] = [];
const api = fakeApi((url, init) => {
  if (url.pathname === AuthEndpoints.telPrefixes.path) {
    return { body: { items: [{ prefix: '+60', country: 'Malaysia', iso: 'MY' }] } };
  }
  if (url.pathname === ProfileEndpoints.addresses.path && init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    return {
      body: {
        ...body,
        id: '00000000-0000-4000-8000-000000000001',
        line2: null,
        state: null,
        isDefault: true,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    };
  }
  return undefined;
});

/** The form as the location page hands it back: the draft typed before, and the point picked. */
function openWith(state: PickedLocationState) {
  const router = createMemoryRouter(
    [
      { path: AddressPaths.edit, element: <AddNewAddressPage /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [{ pathname: AddressPaths.edit, state }] },
  );
  render(
    <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('the address form back from the map', () => {
  it('keeps what was typed, takes the picked point, and saves both', async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    const draft = {
      ...emptyAddress('+60', 'MY'),
      name: 'Office Tester',
      phone: '123456789',
      line1: '1 Jalan Sultan Ismail',
      city: 'Kuala Lumpur',
      postcode: '50450',
    };
    const router = openWith({ draft, picked: { latitude: 3.1579, longitude: 101.7116 } });
    expect((screen.getByLabelText('Recipient name') as HTMLInputElement).value).toBe('Office Tester');
    expect(screen.getByTestId('address-point').textContent).toBe('Latitude 3.157900, longitude 101.711600');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(AddressPaths.list));
    expect(sent).toEqual([
      expect.objectContaining({ name: 'Office Tester', latitude: 3.1579, longitude: 101.7116, line2: null }),
    ]);
  });

  it('shows a postcode the schema refuses at its field, and sends nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    const draft = {
      ...emptyAddress('+60', 'MY'),
      name: 'A',
      phone: '123456789',
      line1: 'x',
      city: 'y',
      postcode: '!',
    };
    openWith({ draft, picked: { latitude: 1, longitude: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid postcode (3 to 12 letters or digits).')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
