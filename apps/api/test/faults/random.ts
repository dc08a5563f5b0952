/**
 * Seeded randomness for the fault suite, so a failing run can be replayed with FAULTS_SEED. mulberry32: a
 * tiny, well-known 32-bit generator; tests need a repeatable stream, not cryptographic quality.
 */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max). */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (probability: number) => boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min));
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(0, items.length)]!,
    chance: (probability) => next() < probability,
  };
}

/** FAULTS_SEED when given (to replay a run), else a fresh one. */
export function suiteSeed(): number {
  const given = Number(process.env.FAULTS_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}
