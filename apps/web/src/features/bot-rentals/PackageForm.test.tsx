import { type TAdminBotPackage, WalletEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldById, recordWrites, setUpFormTests } from '../../test/form-writes';
import { renderPage } from '../../test/render-page';
import { PackageForm } from './PackageForm';

const pkg: TAdminBotPackage = {
  id: '7',
  name: 'Starter',
  nameTranslations: { 'zh-CN': '入门版' },
  price: '100.000000',
  currency: 'USDT',
  durationDays: 30,
  capitalLimit: '1000.000000',
  topUpUnit: '100.000000',
  topUpUnitPrice: '10.000000',
  exchanges: ['binance', 'paper'],
  marketTypes: ['spot'],
  onSale: true,
  sort: 0,
};

const usdt = {
  currency: 'USDT',
  decimals: 6,
  kind: 'stable',
  usdPrice: '1.000000',
  wallets: [],
  total: '0.000000',
  usdValue: '0.000000',
};

const serve = () =>
  recordWrites(
    (body) => ({ ...pkg, ...body }),
    (url) =>
      url.pathname === WalletEndpoints.wallet.path
        ? { body: { currencies: [usdt], usdTotal: '0' } }
        : undefined,
  );
const input = (id: string) => fieldById(id);

setUpFormTests();

describe('the admin bot package form', () => {
  it("edits the package's name per language and keeps the ones written", async () => {
    const sent = serve();
    const onDone = vi.fn();
    renderPage('/admin', '/admin', <PackageForm pkg={pkg} onDone={onDone} onCancel={vi.fn()} />);
    expect(input('field-names-en-US').value).toBe('Starter');
    expect(input('field-names-zh-CN').value).toBe('入门版');
    fireEvent.click(screen.getByTestId('language-tab-de'));
    fireEvent.change(input('field-names-de'), { target: { value: 'Einsteiger' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/admin/bot-packages/7' });
    expect(sent[0]?.body.name).toBe('Starter');
    // Only the languages written.
    expect(sent[0]?.body.nameTranslations).toEqual({ 'zh-CN': '入门版', de: 'Einsteiger' });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('refuses a package without an English name, opens its tab, and sends nothing', async () => {
    const sent = serve();
    renderPage('/admin', '/admin', <PackageForm pkg={null} onDone={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByTestId('language-tab-fr'));
    fireEvent.change(input('field-names-fr'), { target: { value: 'Débutant' } });
    fireEvent.change(input('field-price'), { target: { value: '100' } });
    fireEvent.change(input('field-capitalLimit'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByTestId('field-names-en-US-message');
    expect(message.textContent).toBe('Enter a name of up to 60 characters.');
    // The failed save opened the English tab, where the error is.
    await waitFor(() =>
      expect(screen.getByTestId('language-tab-en-US').closest('.adm-tabs-tab')?.className).toContain(
        'adm-tabs-tab-active',
      ),
    );
    expect(sent).toEqual([]);
  });
});
