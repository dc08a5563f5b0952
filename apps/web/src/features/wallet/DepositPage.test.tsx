import {
  AuthEndpoints,
  type TDeposit,
  type TDepositInfo,
  TestFaucetEndpoints,
  WalletEndpoints,
} from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member } from '../../test/wallet-fixtures';
import DepositPage from './DepositPage';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const HASH = `0x${'ab'.repeat(32)}`;

function channel(network: 'ERC20' | 'BEP20'): TDepositInfo['channels'][number] {
  return {
    currency: 'USDT',
    network,
    address: ADDRESS,
    chainId: network === 'ERC20' ? 1 : 56,
    token: TOKEN,
    uri: `ethereum:${TOKEN}@${network === 'ERC20' ? 1 : 56}/transfer?address=${ADDRESS}`,
    minAmount: '10.000000',
    confirmations: 6,
  };
}

function deposit(over: Partial<TDeposit>): TDeposit {
  return {
    id: 'd1',
    currency: 'USDT',
    network: 'ERC20',
    amount: '100.000000',
    txHash: HASH,
    source: 'chain',
    status: 'pending',
    confirmations: 3,
    required: 6,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

let info: TDepositInfo;
let deposits: TDeposit[];
let faucetCalls: unknown[];

beforeEach(() => {
  info = { channels: [channel('ERC20'), channel('BEP20')], testFaucet: false };
  deposits = [];
  faucetCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === WalletEndpoints.depositInfo.path) return { body: info };
        if (url.pathname === WalletEndpoints.deposits.path)
          return { body: { items: deposits, page: 1, pageSize: 20 } };
        if (url.pathname === TestFaucetEndpoints.testFaucet.path) {
          faucetCalls.push(JSON.parse(String(init.body)));
          return { body: { txHash: HASH, amount: '100.000000', address: ADDRESS } };
        }
        return undefined;
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => renderPage('/pages/Wallet/deposit', '/pages/Wallet/deposit', <DepositPage />);

describe('deposit page', () => {
  it('shows the member’s own address, a QR code of its payment URI, the network and the warning', async () => {
    open();
    const card = await screen.findByTestId('deposit-channel');
    expect(within(card).getByTestId('deposit-address').textContent).toBe(ADDRESS);
    expect(within(card).getByTestId('deposit-qr').getAttribute('data-uri')).toBe(channel('ERC20').uri);
    expect(within(card).getByTestId('deposit-qr').querySelector('svg')).not.toBeNull();
    expect(within(card).getByTestId('deposit-warning').textContent).toBe(
      'Send only USDT on Ethereum (ERC-20) to this address. Other coins, tokens or networks sent here are lost.',
    );
    expect(within(card).getByTestId('receipt-row-network').textContent).toBe('Ethereum (ERC-20)');
    expect(within(card).getByTestId('receipt-row-token').textContent).toBe('0xdAC17F…831ec7');
    expect(within(card).getByTestId('receipt-row-minimum').textContent).toBe('10.00 USDT');
    expect(screen.queryByText(/reference/i)).toBeNull();
    expect(screen.queryByTestId('test-faucet')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'BNB Smart Chain (BEP-20)' }));
    await waitFor(() =>
      expect(screen.getByTestId('deposit-warning').textContent).toContain('USDT on BNB Smart Chain (BEP-20)'),
    );
  }, 15_000);

  it('says deposits are not open yet when no network is watched', async () => {
    info = { channels: [], testFaucet: false };
    open();
    expect((await screen.findByTestId('deposit-closed')).textContent).toBe('Deposits are not open yet.');
  });

  it('shows each deposit’s status: confirmations counting, credited, below minimum, dropped', async () => {
    deposits = [
      deposit({ id: 'a' }),
      deposit({ id: 'b', status: 'credited', confirmations: 6 }),
      deposit({ id: 'c', status: 'below_minimum', amount: '1.000000' }),
      deposit({ id: 'd', status: 'orphaned' }),
    ];
    open();
    await waitFor(() => expect(screen.getAllByTestId('deposit-status')).toHaveLength(4));
    expect(screen.getAllByTestId('deposit-status').map((s) => s.textContent)).toEqual([
      '3/6 confirmations',
      'Credited',
      'Below minimum — not credited',
      'Dropped from the chain',
    ]);
  });

  it('sends test USDT in development and shows the transaction hash', async () => {
    info = { ...info, testFaucet: true };
    open();
    fireEvent.click(await screen.findByTestId('test-faucet'));
    expect((await screen.findByTestId('test-faucet-tx')).textContent).toContain(HASH);
    expect(faucetCalls).toEqual([{ currency: 'USDT', network: 'ERC20' }]);
  });
});
