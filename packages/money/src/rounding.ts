/**
 * Every division of an amount or a decimal names its rounding, with the names of Java's RoundingMode and
 * decimal.js, so one word means one thing on the ledger, the exchanges and the web:
 * - 'up': away from zero; 'down': toward zero (a cut);
 * - 'ceiling': toward +infinity; 'floor': toward -infinity;
 * - 'half-up': to the nearest, ties away from zero;
 * - 'half-even': to the nearest, ties to the even neighbour (banker's rounding, no drift on average).
 * For the non-negative amounts the ledger divides, 'up' is the ceiling and 'down' the floor.
 */
export type Rounding = 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-even';

/** numerator / denominator in integers, rounded as named. The denominator must not be zero. */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // Work on magnitudes: q is the quotient cut toward zero, rest what the cut dropped (0 <= rest < d).
  const q = n / d;
  const rest = n % d;
  const magnitude = rest === 0n ? q : q + (awayFromZero(rounding, negative, q, rest * 2n, d) ? 1n : 0n);
  return negative ? -magnitude : magnitude;
}

/** Whether a cut quotient of magnitude q, dropping twiceRest / 2 of d, moves one step away from zero. */
function awayFromZero(
  rounding: Rounding,
  negative: boolean,
  q: bigint,
  twiceRest: bigint,
  d: bigint,
): boolean {
  switch (rounding) {
    case 'up':
      return true;
    case 'down':
      return false;
    case 'ceiling':
      return !negative;
    case 'floor':
      return negative;
    case 'half-up':
      return twiceRest >= d;
    case 'half-even':
      return twiceRest > d || (twiceRest === d && q % 2n === 1n);
  }
}

export const BASIS_POINTS = 10_000n;

/** basisPoints / 10000 of an amount (500 bp = 5%), rounded as named. */
export function percentOf(amount: bigint, basisPoints: bigint | number, rounding: Rounding): bigint {
  if (typeof basisPoints === 'number' && !Number.isSafeInteger(basisPoints)) {
    throw new RangeError('basisPoints must be an integer');
  }
  return divide(amount * BigInt(basisPoints), BASIS_POINTS, rounding);
}

/** The withdrawal fee: 5% of the amount. */
export const WITHDRAWAL_FEE_BASIS_POINTS = 500n;

/**
 * The fee of a withdrawal of `amount` minor units: ceil(amount * 500 / 10000). Rounded UP so that the
 * platform never pays part of a fee out of its own pocket: 20.000001 USDT costs 1.000001, not 1.000000.
 * A withdrawal of one minor unit therefore pays a fee of one minor unit.
 */
export function withdrawalFee(amount: bigint, basisPoints: bigint = WITHDRAWAL_FEE_BASIS_POINTS): bigint {
  if (amount < 0n) throw new RangeError('amount must not be negative');
  return percentOf(amount, basisPoints, 'up');
}
