import type { TCurrencyBalances, TWallet, TWalletOverview } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { walletApi, walletKeys } from './wallet.api';

/** Balances are read fresh whenever a screen showing them opens. */
export function useWalletOverview() {
  return useQuery({
    queryKey: walletKeys.overview,
    queryFn: ({ signal }) => walletApi.overview(signal),
    staleTime: 0,
  });
}

export function useTransferRules() {
  return useQuery({
    queryKey: walletKeys.transferRules,
    queryFn: ({ signal }) => walletApi.transferRules(signal),
  });
}

export function useExchangePairs() {
  return useQuery({
    queryKey: walletKeys.exchangePairs,
    queryFn: ({ signal }) => walletApi.exchangePairs(signal),
    staleTime: 0,
  });
}

export function useWithdrawOptions() {
  return useQuery({
    queryKey: walletKeys.withdrawOptions,
    queryFn: ({ signal }) => walletApi.withdrawOptions(signal),
  });
}

export function useWithdrawAddresses() {
  return useQuery({
    queryKey: walletKeys.withdrawAddresses,
    queryFn: ({ signal }) => walletApi.withdrawAddresses(signal),
  });
}

export function useDepositInfo() {
  return useQuery({
    queryKey: walletKeys.depositInfo,
    queryFn: ({ signal }) => walletApi.depositInfo(signal),
  });
}

export function currencyOf(
  overview: TWalletOverview | undefined,
  currency: string | undefined,
): TCurrencyBalances | undefined {
  return overview?.currencies.find((c) => c.currency === currency);
}

/** What the member may spend from one wallet of one coin, as the server wrote it ("250.000000"). */
export function availableIn(
  overview: TWalletOverview | undefined,
  currency: string | undefined,
  wallet: TWallet | undefined,
): string | undefined {
  return currencyOf(overview, currency)?.wallets.find((w) => w.wallet === wallet)?.available;
}
