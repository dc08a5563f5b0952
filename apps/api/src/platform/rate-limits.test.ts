import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A tiny built web app: the page and one hashed asset, as Vite leaves them.
  webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><title>app</title><script src="/assets/app-1a2b.js"></script>',
  );
  await writeFile(join(webDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_PER_IP_PER_MINUTE: '12' }, { webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

function at(ip: string): Client {
  const client = new Client(t.app);
  client.ip = ip;
  return client;
}

describe('rate limits', () => {
  it('never limits the page and its static files, nor counts them against the API', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      for (const url of ['/', '/index.html', '/assets/app-1a2b.js']) {
        const reply = await t.app.inject({ method: 'GET', url, remoteAddress: '10.40.0.1' });
        statuses.add(reply.statusCode);
        expect(reply.body).not.toContain('RATE_LIMITED');
      }
    }
    expect([...statuses]).toEqual([200]);
    // 120 files later, this address's API budget is untouched.
    expect((await at('10.40.0.1').get('/api/health')).status).toBe(200);
  });

  it('limits a signed-in member per member: one member at the limit does not stop another behind the same address', async () => {
    const office = '10.41.0.1';
    const anna = at(office);
    await anna.login('alice01');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await anna.get('/api/me')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await anna.get('/api/me');
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const ben = at(office);
    await ben.login('bobby01');
    expect((await ben.get('/api/me')).status).toBe(200);
  });

  it('keeps a looser ceiling per address over all its members and visitors', async () => {
    const office = '10.42.0.1';
    const carl = at(office);
    await carl.login('carol01');
    const dina = at(office);
    await dina.login('david01');
    // 2 logins so far; each member stays within 5, the address reaches 12 and then refuses.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await carl.get('/api/me')).status);
      statuses.push((await dina.get('/api/me')).status);
    }
    expect(statuses.slice(0, 10)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const over = await at(office).get('/api/health');
    expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await at('10.42.0.2').get('/api/health')).status).toBe(200);
  });
});
