import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { createWatcherLock } from './watcher-lock';

let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const made = await createTestDb();
  url = made.url;
  drop = made.drop;
});

afterAll(async () => {
  await drop?.();
});

describe('chain watcher lock', () => {
  it('lets one worker watch a network at a time and hands over when it lets go', async () => {
    const first = createWatcherLock({ databaseUrl: url, name: 'ERC20' });
    const second = createWatcherLock({ databaseUrl: url, name: 'ERC20' });
    const other = createWatcherLock({ databaseUrl: url, name: 'BEP20' });
    expect(await first.held()).toBe(true);
    expect(await second.held()).toBe(false);
    expect(await other.held()).toBe(true);
    expect(await first.held()).toBe(true);
    await first.release();
    expect(await second.held()).toBe(true);
    await Promise.all([second.release(), other.release()]);
  });
});
