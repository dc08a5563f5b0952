import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdminEndpoints } from '@app/contracts';
import { type OutputBundle, rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_PATH, chunkCycles, forbiddenOnPath, textOnPath } from './vite-landing-guard';

// Shaped like the contracts: an object of every endpoint group, and the groups one by one. Good.js names
// the group it calls, Bad.js the whole object; Other.js, another page, the whole object too, and Admin.js
// the admin group.
const FILES: Record<string, string> = {
  'main.js': `export const pages = [() => import('./Good.js'), () => import('./Bad.js'), () => import('./Other.js'),
    () => import('./Admin.js')];`,
  'endpoints/auth.js': `export const AuthEndpoints = { login: () => '/api/auth/login' };`,
  'endpoints/wallet.js': `export const WalletEndpoints = { balance: () => '/api/wallet' };`,
  'endpoints/admin.js': `export const AdminEndpoints = { members: () => '${ADMIN_ONLY_PATH}' };`,
  'endpoints/index.js': `import { AuthEndpoints } from './auth.js'; import { WalletEndpoints } from './wallet.js';
    import { AdminEndpoints } from './admin.js';
    export const Endpoints = { auth: AuthEndpoints, wallet: WalletEndpoints, admin: AdminEndpoints };`,
  'Good.js': `import { AuthEndpoints } from './endpoints/auth.js'; export default () => AuthEndpoints.login();`,
  'Bad.js': `import { Endpoints } from './endpoints/index.js'; export default () => Endpoints.auth.login();`,
  'Other.js': `import { Endpoints } from './endpoints/index.js'; export default () => Endpoints.wallet.balance();`,
  'Admin.js': `import { AdminEndpoints } from './endpoints/admin.js'; export default () => AdminEndpoints.members();`,
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

  it("finds an admin group's path in the chunks of a page that imports the whole object, not in the others", () => {
    expect(textOnPath(bundle, 'Bad.js', [ADMIN_ONLY_PATH])).toHaveLength(1);
    expect(textOnPath(bundle, 'Other.js', [ADMIN_ONLY_PATH])).toHaveLength(1);
    expect(textOnPath(bundle, 'Good.js', [ADMIN_ONLY_PATH])).toEqual([]);
  });

  it("names the path of an admin group's endpoint", () => {
    expect(AdminEndpoints.adminMembers.path).toBe(ADMIN_ONLY_PATH);
  });

  it('finds chunks that import each other, and none in a build without', () => {
    const chunk = (imports: string[]) => ({ type: 'chunk', imports });
    const cyclic = {
      'entry.js': chunk(['page.js']),
      'page.js': chunk(['vendor.js']),
      'vendor.js': chunk(['render.js']),
      'render.js': chunk(['vendor.js']),
    } as unknown as OutputBundle;
    expect(chunkCycles(cyclic)).toEqual([['vendor.js', 'render.js', 'vendor.js']]);
    expect(chunkCycles(bundle)).toEqual([]);
  });
});
