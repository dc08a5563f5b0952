/**
 * A token amount on chain in the ledger's minor units of its currency. Tokens and the ledger may differ in
 * decimals (BEP-20 USDT has 18, the ledger's USDT 6): the extra digits are cut, never rounded up, so the
 * platform never counts more than it holds.
 */
export function toLedgerUnits(raw: bigint, tokenDecimals: number, ledgerDecimals: number): bigint {
  if (tokenDecimals === ledgerDecimals) return raw;
  if (tokenDecimals > ledgerDecimals) return raw / 10n ** BigInt(tokenDecimals - ledgerDecimals);
  return raw * 10n ** BigInt(ledgerDecimals - tokenDecimals);
}
