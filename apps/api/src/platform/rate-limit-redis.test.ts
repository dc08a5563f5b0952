import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { redisAnswers, testRedisUrl } from '../../test/redis-probe';
import { Client, createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createServices } from '../services';
import { loadRsaKeyPair } from './keys';
import { createLogger } from './logger';
import { createOutboxSmsSender, Outbox } from './mail';

const redisUrl = testRedisUrl;

const available = await redisAnswers();

describe.skipIf(!available)('rate limits shared through Redis', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp();
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  /** One more API instance on the test app's database, counting in Redis under `prefix`. */
  const appOn = async (config: Config, prefix: string) => {
    const logger = createLogger(config.LOG_LEVEL);
    const services = await createServices(config, {
      db: t.db,
      databaseUrl: t.databaseUrl,
      masterKey: Buffer.alloc(32, 7),
      rsa: loadRsaKeyPair(inject('keysDir')),
      email: createOutboxSmsSender(new Outbox()),
      sms: createOutboxSmsSender(new Outbox()),
      outbox: null,
      log: logger,
    });
    return buildApp(services, { logger, databaseUrl: t.databaseUrl, redis, redisNamespace: prefix });
  };

  it('two API instances count one client together', async () => {
    const prefix = `test-${Date.now()}`;
    const build = () =>
      appOn(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          AUTH_RATE_LIMIT_PER_MINUTE: '4',
          PUBLIC_ORIGIN: 'http://platform.test',
        }),
        prefix,
      );
    const [one, two] = await Promise.all([build(), build()]);
    const a = new Client(one);
    const b = new Client(two);
    a.ip = b.ip = '10.77.0.1';
    const statuses: number[] = [];
    for (const client of [a, b, a, b, a]) {
      statuses.push((await client.post('/api/auth/login', { login: 'nobody', password: 'x' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    await one.close();
    await two.close();
  });

  it('two API instances count a member together, and an address together', async () => {
    const prefix = `test-member-${Date.now()}`;
    const build = () =>
      appOn(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          RATE_LIMIT_PER_MINUTE: '3',
          RATE_LIMIT_PER_IP_PER_MINUTE: '9',
          PUBLIC_ORIGIN: 'http://platform.test',
        }),
        prefix,
      );
    const [one, two] = await Promise.all([build(), build()]);
    const a = new Client(one);
    a.ip = '10.78.0.1';
    await a.login('alice01');
    const b = new Client(two);
    b.ip = a.ip;
    b.cookie = a.cookie;
    const statuses: number[] = [];
    for (const client of [a, b, a, b]) statuses.push((await client.get('/api/me')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The address: 1 login + 4 calls so far; a visitor's calls on either instance fill it to 9.
    const visitor = [new Client(one), new Client(two)];
    for (const v of visitor) v.ip = a.ip;
    const more: number[] = [];
    for (let i = 0; i < 5; i++) more.push((await visitor[i % 2]!.get('/api/health')).status);
    expect(more).toEqual([200, 200, 200, 200, 429]);
    await one.close();
    await two.close();
  });
});
