/**
 * Every division of an amount names its rounding:
 * - 'up': toward +infinity (ceiling);
 * - 'down': toward -infinity (floor);
 * - 'half-even': to the nearest, ties to the even neighbour (banker's rounding, no drift on average).
 */
export type Rounding = 'up' | 'down' | 'half-even';

/** numerator / denominator in integers, rounded as named. The denominator must be positive. */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  // BigInt division truncates toward zero; derive floor first, then adjust.
  let floor = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder !== 0n && numerator < 0n) floor -= 1n;
  const rest = numerator - floor * denominator; // 0 <= rest < denominator
  if (rest === 0n) return floor;
  switch (rounding) {
    case 'down':
      return floor;
    case 'up':
      return floor + 1n;
    case 'half-even': {
      const twice = rest * 2n;
      if (twice < denominator) return floor;
      if (twice > denominator) return floor + 1n;
      return floor % 2n === 0n ? floor : floor + 1n;
    }
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
