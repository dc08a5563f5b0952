import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type OutputBundle, rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenOnPath } from './vite-landing-guard';

// Shaped like the contracts: an object of every endpoint group, and the groups one by one. Good.js names
// the group it calls, Bad.js the whole object; Other.js, another page, the whole object too.
const FILES: Record<string, string> = {
  'main.js': `export const pages = [() => import('./Good.js'), () => import('./Bad.js'), () => import('./Other.js')];`,
  'endpoints/auth.js': `export const AuthEndpoints = { login: () => '/api/auth/login' };`,
  'endpoints/wallet.js': `export const WalletEndpoints = { balance: () => '/api/wallet' };`,
  'endpoints/index.js': `import { AuthEndpoints } from './auth.js'; import { WalletEndpoints } from './wallet.js';
    export const Endpoints = { auth: AuthEndpoints, wallet: WalletEndpoints };`,
  'Good.js': `import { AuthEndpoints } from './endpoints/auth.js'; export default () => AuthEndpoints.login();`,
  'Bad.js': `import { Endpoints } from './endpoints/index.js'; export default () => Endpoints.auth.login();`,
  'Other.js': `import { Endpoints } from './endpoints/index.js'; export default () => Endpoints.wallet.balance();`,
};

let dir: string;
let bundle: OutputBundle;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'landing-guard-'));
  await mkdir(path.join(dir, 'endpoints'));
  for (const [name, source] of Object.entries(FILES)) await writeFile(path.join(dir, name), source);
  const build = await rolldown({ input: path.join(dir, 'main.js'), logLevel: 'silent' });
  const { output } = await build.generate({});
  bundle = Object.fromEntries(output.map((file) => [file.fileName, file]));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('landing guard', () => {
  it('finds the whole endpoints object on a page that imports it', () => {
    expect(forbiddenOnPath(bundle, 'Bad.js', ['endpoints/index.js'])).toEqual([
      path.join(dir, 'endpoints/index.js'),
    ]);
  });

  it('passes a page that imports only its group, though another page loads the whole object', () => {
    expect(forbiddenOnPath(bundle, 'Good.js', ['endpoints/index.js'])).toEqual([]);
  });
});
