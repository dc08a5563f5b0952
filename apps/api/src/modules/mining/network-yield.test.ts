import { describe, expect, it } from 'vitest';
import { networkYieldMinor, scaledDecimal } from './network-yield';

// 3.125 coins (the Bitcoin block reward since April 2024) in minor units of an 8-decimal coin.
const REWARD = 312_500_000n;

describe('networkYieldMinor (hash rate × 86 400 × reward / (difficulty × 2^32), rounded down)', () => {
  it('pays exactly one block a day when the hash rate finds one block a day', () => {
    // 65 536 GH/s × 86 400 s = 2^16 × 86 400 × 10^9 hashes; / 2^32 = 1 318 359 375: one block at that difficulty.
    expect(
      networkYieldMinor({ hashRateGhs: 65_536n, difficulty: '1318359375', blockRewardMinor: REWARD }),
    ).toBe(REWARD);
    expect(
      networkYieldMinor({ hashRateGhs: 65_536n, difficulty: '1318359375.00', blockRewardMinor: REWARD }),
    ).toBe(REWARD);
    // Half the difficulty: two blocks.
    expect(
      networkYieldMinor({ hashRateGhs: 65_536n, difficulty: '659179687.5', blockRewardMinor: REWARD }),
    ).toBe(2n * REWARD);
  });

  it('matches the known Bitcoin figure: 1 TH/s at difficulty 102,289,407,543,323.8 mines about 61 sat a day', () => {
    // Exactly 8046627044677734375 / 130930441655454464 = 61.457…; rounded down.
    expect(
      networkYieldMinor({ hashRateGhs: 1_000n, difficulty: '102289407543323.8', blockRewardMinor: REWARD }),
    ).toBe(61n);
  });

  it('rounds down, in the platform’s favour', () => {
    // 65 535 / 65 536 of a block: 312 495 231.628… minor units.
    expect(
      networkYieldMinor({ hashRateGhs: 65_535n, difficulty: '1318359375', blockRewardMinor: REWARD }),
    ).toBe(312_495_231n);
    // One GH/s at today's difficulty is a small fraction of a satoshi: nothing.
    expect(
      networkYieldMinor({ hashRateGhs: 1n, difficulty: '102289407543323.8', blockRewardMinor: REWARD }),
    ).toBe(0n);
    expect(networkYieldMinor({ hashRateGhs: 10n, difficulty: '1', blockRewardMinor: 0n })).toBe(0n);
  });

  it('reads decimals exactly', () => {
    expect(scaledDecimal('102289407543323.8')).toEqual({ value: 1022894075433238n, scale: 1 });
    expect(scaledDecimal('7')).toEqual({ value: 7n, scale: 0 });
    expect(() => scaledDecimal('1e5')).toThrow(RangeError);
  });
});
