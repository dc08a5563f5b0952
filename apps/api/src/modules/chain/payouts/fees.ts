/** EIP-1559 fees of one payout transaction, in wei. */
export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Nodes accept a replacement (same nonce) only when both fees rise by at least 10%: this adds a bit more. */
function bumped(value: bigint): bigint {
  return value + value / 10n + 1n;
}

/** The fees of a replacement: the old ones raised past the nodes' 10% rule, or today's if those are higher. */
export function replacementFees(old: Fees, current: Fees): Fees {
  const maxPriorityFeePerGas = [bumped(old.maxPriorityFeePerGas), current.maxPriorityFeePerGas].reduce(max);
  const maxFeePerGas = [bumped(old.maxFeePerGas), current.maxFeePerGas, maxPriorityFeePerGas].reduce(max);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
