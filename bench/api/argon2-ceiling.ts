/**
 * The ceiling of money requests through HTTP: each transfer verifies one argon2id hash of the transaction
 * password. Measured with the app's own `hashPassword`/`verifyPassword` (the same parameters; the native
 * verification runs on libuv's thread pool, as in the server), with one verification in flight per core so
 * that both cores are busy, for the same window as a workload.
 */
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from '../../apps/api/src/modules/auth/password';

/** Verifications per second, all cores together. */
export async function argon2Ceiling(seconds: number): Promise<{ perSecond: number; inFlight: number }> {
  const password = 'BenchTx123456';
  const hash = await hashPassword(password);
  const inFlight = availableParallelism();
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    let count = 0;
    while (performance.now() < end) {
      if (!(await verifyPassword(hash, password))) throw new Error('the hash does not verify');
      count += 1;
    }
    return count;
  };
  const counts = await Promise.all(Array.from({ length: inFlight }, loop));
  return { perSecond: counts.reduce((a, b) => a + b, 0) / seconds, inFlight };
}
