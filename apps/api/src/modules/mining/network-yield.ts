/**
 * The 'network' yield rule: what a hash rate mines in one day, from the coin's network difficulty and
 * block reward (the Bitcoin formula).
 *
 *   A block takes on average difficulty × 2^32 hashes, so a miner of H hashes per second finds
 *   H × 86 400 / (difficulty × 2^32) blocks a day, each paying the block reward:
 *
 *   yield per day = H[H/s] × 86 400 × block_reward / (difficulty × 2^32)
 *
 * Hash rates are whole GH/s (H = GH/s × 10^9). Everything is exact integer arithmetic on bigint (the
 * difficulty's decimals are scaled away first); the result is rounded DOWN to a whole minor unit of the
 * coin, once per subscription and day, in the platform's favour. Rounding the per-GH/s yield first would
 * lose almost everything: at Bitcoin's difficulty one GH/s earns a small fraction of a satoshi a day.
 */

export const HASHES_PER_GHS = 1_000_000_000n;
export const SECONDS_PER_DAY = 86_400n;
export const TWO_POW_32 = 4_294_967_296n;

/** A positive decimal such as "102289407543323.8" as an integer and its power of ten. */
export function scaledDecimal(text: string): { value: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { value: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** A day's yield, in minor units of the mined coin, for `hashRateGhs`; rounded down. */
export function networkYieldMinor(p: {
  hashRateGhs: bigint;
  /** The network difficulty, a positive decimal text (exact, never a float). */
  difficulty: string;
  /** One block's reward in minor units of the mined coin. */
  blockRewardMinor: bigint;
}): bigint {
  const difficulty = scaledDecimal(p.difficulty);
  if (difficulty.value <= 0n) throw new RangeError('difficulty must be positive');
  // difficulty = value / 10^scale, so dividing by it multiplies the numerator by 10^scale.
  const numerator =
    p.hashRateGhs * HASHES_PER_GHS * SECONDS_PER_DAY * p.blockRewardMinor * 10n ** BigInt(difficulty.scale);
  const denominator = difficulty.value * TWO_POW_32;
  // bigint division truncates; both sides are non-negative, so this is the floor.
  return numerator / denominator;
}
