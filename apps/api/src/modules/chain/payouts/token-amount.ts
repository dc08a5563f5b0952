/**
 * A payout in the token's own units: the ledger keeps the currency's decimals (USDT 6), the token may
 * have more (BEP-20 USDT 18). Null when the amount has digits the token cannot carry: such a payout
 * would pay a different amount than the ledger booked, so it is left to an admin.
 */
export function toTokenUnits(amount: bigint, currencyDecimals: number, tokenDecimals: number): bigint | null {
  if (tokenDecimals >= currencyDecimals) return amount * 10n ** BigInt(tokenDecimals - currencyDecimals);
  const divisor = 10n ** BigInt(currencyDecimals - tokenDecimals);
  return amount % divisor === 0n ? amount / divisor : null;
}
