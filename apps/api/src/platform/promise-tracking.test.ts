import { executionAsyncId } from 'node:async_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { givePayPassword, transferToBobby } from '../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../test/test-app';

/**
 * No code of the app turns on Node's promise tracking. On Node 20, AsyncLocalStorage (or an async_hooks
 * hook) installs V8's promise hooks for the whole process when it is first used, and from then on every
 * promise of every request pays for them: bench:api measured signed-in reads about a fifth slower after the
 * app's first money request (decision 104). Without tracking, a promise reaction runs with
 * executionAsyncId() 0; with it, each reaction gets an id of its own.
 */
const reactionAsyncId = () => Promise.resolve().then(() => executionAsyncId());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('serves an idempotent money request, and its retry, without turning promise tracking on', async () => {
  expect(await reactionAsyncId()).toBe(0);
  await givePayPassword(t.db, 'alice01');
  const alice = new Client(t.app);
  await alice.login('alice01');
  const body = await transferToBobby(alice, '1');
  const first = await alice.move('/api/wallet/transfer', body, 'promise-tracking-1');
  const again = await alice.move('/api/wallet/transfer', body, 'promise-tracking-1');
  expect([first.status, again.status]).toEqual([200, 200]);
  expect(await reactionAsyncId()).toBe(0);
});
