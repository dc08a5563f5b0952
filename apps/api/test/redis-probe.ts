import { Redis } from 'ioredis';

/** The Redis the tests use: REDIS_URL, or the usual local one. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers; the suite must pass on machines without one, so tests needing it then skip. */
export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
