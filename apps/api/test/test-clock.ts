/**
 * A clock a test moves by hand, for code that takes `now: () => Date`. It starts at the real time (rows the
 * database stamps with its own now() still line up) and then stands still: a lease or a cooldown runs out
 * when the test advances the clock past it, never because a slow machine took long.
 */
export function testClock(start = Date.now()) {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}
