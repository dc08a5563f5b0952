/** The wallet's deep links: routes.txt's verbatim, plus the spec's screens that had no path there. */
export const WalletPaths = {
  wallet: '/pages/Wallet/Wallet',
  currency: '/pages/Wallet/CurrencyOther',
  records: '/pages/Wallet/Other_History',
  withdraw: '/pages/Wallet/menuWithdraw',
  addresses: '/pages/personal/WithdrawAdress',
  transfer: '/pages/Wallet/transfer',
  airdrop: '/pages/Wallet/airdrop',
  exchange: '/pages/Wallet/exchange',
  deposit: '/pages/Wallet/deposit',
} as const;

/** A path with query parameters; undefined ones are left out. */
export function linkTo(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
