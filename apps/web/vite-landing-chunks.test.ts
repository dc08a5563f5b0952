import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CodeSplittingGroup, type OutputChunk, rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingChunkGroups } from './vite-landing-chunks';
import { chunkCycles } from './vite-landing-guard';

// A graph shaped like the app's: the entry and the landing page share a module; the page has modules of
// its own and modules it shares with two other pages, each with a different one. (Functions, as constants
// would be inlined where they are used.) Left to itself, Rolldown
// gives each set of importers a chunk of its own (page, shared-with-Other, shared-with-Third).
const FILES: Record<string, string> = {
  'main.js': `import { boot } from './boot.js';
    export const pages = [() => import('./Page.js'), () => import('./Other.js'), () => import('./Third.js')];
    console.log(boot());`,
  'boot.js': 'export const boot = () => document.title;',
  'Page.js': `import { boot } from './boot.js'; import { own } from './own.js';
    import { a } from './common-a.js'; import { b } from './common-b.js';
    export default () => boot() + own() + a() + b();`,
  'own.js': `import { deep } from './own-deep.js'; export const own = () => deep() + 'own';`,
  'own-deep.js': 'export const deep = () => document.title;',
  'common-a.js': 'export const a = () => document.title;',
  'common-b.js': 'export const b = () => document.title;',
  'Other.js': `import { a } from './common-a.js'; export default () => a();`,
  'Third.js': `import { b } from './common-b.js'; import { boot } from './boot.js'; export default () => b() + boot();`,
};

// A package behind a barrel, shaped like the contracts: the entry takes one module, the home page names a
// member group, another page the admin group; walked through `export *`, every page reached every module.
// The login page, a landing page before the home page, loads a note on use that needs a group the home
// page calls too.
const BARREL_FILES: Record<string, string> = {
  'main.js': `import { limit } from './pkg/index.js'; console.log(limit());
    export const pages = [() => import('./Login.js'), () => import('./Home.js'), () => import('./Admin.js'),
      () => import('./Wallet.js')];`,
  'pkg/index.js': `export * from './limit.js'; export * from './wallet.js'; export * from './admin.js';
    export * from './app.js';`,
  'pkg/app.js': `export const app = () => document.title + '/api/app';`,
  'Login.js': `export default () => import('./Note.js');`,
  'Note.js': `import { app } from './pkg/index.js'; export default () => app();`,
  'pkg/common.js': 'export const common = () => document.title;',
  'pkg/limit.js': 'export const limit = () => document.title;',
  'pkg/wallet.js': `import { common } from './common.js'; export const wallet = () => common() + '/api/wallet';`,
  'pkg/admin.js': `import { common } from './common.js'; export const admin = () => common() + '/api/admin';`,
  'Home.js': `import { app, limit, wallet } from './pkg/index.js'; export default () => app() + limit() + wallet();`,
  'Admin.js': `import { admin } from './pkg/index.js'; export default () => admin();`,
  'Wallet.js': `import { wallet } from './pkg/index.js'; export default () => wallet();`,
};

// Packages, shaped like antd-mobile-icons' barrel (re-exported defaults), ahooks' (imported, then
// exported), and antd-mobile's `export *` of a CommonJS module (rc-util's render). The entry takes an icon
// (so the page groups leave the icons' package to Rolldown, as in the app) and loads a toast on use, as
// app/overlays.ts does; the login page takes one icon, the home page two and a hook.
const PACKAGE_FILES: Record<string, string> = {
  'main.js': `import { later } from './overlays.js'; import { IconD } from 'icons'; console.log(later, IconD());
    export const pages = [() => import('./Login.js'), () => import('./Home.js'), () => import('./Other.js')];`,
  'overlays.js': `export const later = () => import('toast');`,
  'Login.js': `import { IconA } from 'icons'; export default () => IconA();`,
  'Home.js': `import { IconA, IconB } from 'icons'; import { useY } from 'hooks'; import { render } from 'wrap';
    export default () => IconA() + IconB() + useY() + render();`,
  'Other.js': `import { IconC } from 'icons'; export default () => IconC();`,
  'node_modules/icons/package.json': '{ "name": "icons", "sideEffects": false }',
  'node_modules/icons/index.js': `export { default as IconA } from './IconA.js';
    export { default as IconB } from './IconB.js'; export { default as IconC } from './IconC.js';
    export { default as IconD } from './IconD.js';`,
  'node_modules/icons/IconD.js': `export default () => document.title + 'D';`,
  'node_modules/icons/IconA.js': `export default () => document.title + 'A';`,
  'node_modules/icons/IconB.js': `export default () => document.title + 'B';`,
  'node_modules/icons/IconC.js': `export default () => document.title + 'C';`,
  'node_modules/hooks/package.json': '{ "name": "hooks", "sideEffects": false }',
  'node_modules/hooks/index.js': `import useX from './useX.js'; import useY from './useY.js'; export { useX, useY };`,
  'node_modules/hooks/useX.js': `export default () => document.title + 'x';`,
  'node_modules/hooks/useY.js': `export default () => document.title + 'y';`,
  'node_modules/toast/package.json': '{ "name": "toast", "sideEffects": false }',
  'node_modules/toast/index.js': `import { useX } from 'hooks'; import { render } from 'wrap';
    export default () => useX() + render();`,
  'node_modules/wrap/package.json': '{ "name": "wrap", "sideEffects": false }',
  'node_modules/wrap/index.js': `export * from './render.cjs';`,
  'node_modules/wrap/render.cjs': `exports.render = function () { return document.title; };`,
};

let dir: string;
let chunks: OutputChunk[];
let barrelChunks: OutputChunk[];
let packageChunks: OutputChunk[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'landing-chunks-'));
  for (const [name, source] of Object.entries(FILES)) await writeFile(path.join(dir, name), source);
  await mkdir(path.join(dir, 'barrel', 'pkg'), { recursive: true });
  for (const [name, source] of Object.entries(BARREL_FILES)) {
    await writeFile(path.join(dir, 'barrel', name), source);
  }
  chunks = await build('main.js', landingChunkGroups(dir, ['Page.js'], 'main.js'));
  const barrels = { './pkg/index.js': 'pkg/index.js' };
  const groups = landingChunkGroups(
    path.join(dir, 'barrel'),
    ['Login.js', 'Home.js'],
    'main.js',
    [],
    barrels,
  );
  barrelChunks = await build('barrel/main.js', groups);
  for (const [name, source] of Object.entries(PACKAGE_FILES)) {
    await mkdir(path.dirname(path.join(dir, 'packages', name)), { recursive: true });
    await writeFile(path.join(dir, 'packages', name), source);
  }
  const packageGroups = landingChunkGroups(path.join(dir, 'packages'), ['Login.js', 'Home.js'], 'main.js', [
    'overlays.js',
  ]);
  packageChunks = await build('packages/main.js', packageGroups);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function build(input: string, groups: CodeSplittingGroup[]): Promise<OutputChunk[]> {
  const bundle = await rolldown({ input: path.join(dir, input), logLevel: 'silent' });
  const { output } = await bundle.generate({ codeSplitting: { groups } });
  return output.filter((file): file is OutputChunk => file.type === 'chunk');
}

const chunkOf = (module: string, among = chunks) =>
  among.find((c) => c.moduleIds.includes(path.join(dir, module)));
/** A chunk and the chunks it imports statically, by file name. */
function loaded(chunk: OutputChunk | undefined, among = chunks, seen = new Set<string>()): Set<string> {
  if (!chunk || seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const file of chunk.imports)
    loaded(
      among.find((c) => c.fileName === file),
      among,
      seen,
    );
  return seen;
}

describe('landing page chunk groups', () => {
  it("puts the page's own modules in one chunk and those it shares with other pages in one more", () => {
    const page = chunkOf('Page.js');
    expect(page?.name).toBe('Page');
    expect(chunkOf('own.js')).toBe(page);
    expect(chunkOf('own-deep.js')).toBe(page);
    expect(chunkOf('common-a.js')?.name).toBe('Page-shared');
    expect(chunkOf('common-b.js')).toBe(chunkOf('common-a.js'));
  });

  it("leaves the entry's modules and files as they were", () => {
    const entry = chunkOf('main.js');
    expect(chunkOf('boot.js')).toBe(entry);
    const entryFiles = loaded(entry);
    expect(entryFiles.has(chunkOf('Page.js')?.fileName ?? '')).toBe(false);
    expect(entryFiles.has(chunkOf('common-a.js')?.fileName ?? '')).toBe(false);
  });

  it('costs the other pages only the shared chunk, not the page', () => {
    const other = loaded(chunkOf('Other.js'));
    expect(other.has(chunkOf('Page.js')?.fileName ?? '')).toBe(false);
  });

  it("takes from a barrel's package the modules that define the names the page imports, not the others", () => {
    const of = (module: string) => chunkOf(`barrel/${module}`, barrelChunks);
    expect(of('pkg/wallet.js')?.name).toBe('Home-shared');
    expect(of('pkg/common.js')).toBe(of('pkg/wallet.js'));
    expect(of('pkg/limit.js')).toBe(of('main.js'));
    const home = loaded(of('Home.js'), barrelChunks);
    expect(home.has(of('pkg/admin.js')?.fileName ?? '')).toBe(false);
    expect(home.has(of('pkg/app.js')?.fileName ?? '')).toBe(true);
    // Its own, its shared, the barrel modules an earlier page loads on use, the entry (and Rolldown's runtime).
    expect([...home].filter((file) => !file.startsWith('rolldown-runtime'))).toHaveLength(4);
  });

  it("leaves what an earlier landing page loads on use to a chunk of its own, not the page's shared one", () => {
    const of = (module: string) => chunkOf(`barrel/${module}`, barrelChunks);
    expect(of('pkg/app.js')?.name).toBe('landing-barrels');
    expect(loaded(of('Note.js'), barrelChunks).has(of('pkg/wallet.js')?.fileName ?? '')).toBe(false);
  });

  it('puts the packages the landing pages need in one chunk per set of them, through barrels only what they name', () => {
    const of = (module: string) => chunkOf(`packages/node_modules/${module}`, packageChunks);
    expect(of('toast/index.js')?.name).toBe('vendor-overlays');
    expect(of('hooks/useX.js')).toBe(of('toast/index.js'));
    expect(of('wrap/render.cjs')?.name).toBe('vendor-overlays-Home');
    expect(of('icons/IconA.js')?.name).toBe('vendor-Login-Home');
    expect(of('icons/IconB.js')?.name).toBe('vendor-Home');
    expect(of('hooks/useY.js')).toBe(of('icons/IconB.js'));
    // Named by no landing page: left to Rolldown, and not loaded by the login page.
    expect(of('icons/IconC.js')?.name).not.toMatch(/vendor/);
    const login = loaded(chunkOf('packages/Login.js', packageChunks), packageChunks);
    // Its own chunk and the icon's: not the home page's packages, nor the entry's toast.
    const loginFiles = [...login].filter((file) => !file.startsWith('rolldown-runtime'));
    expect(loginFiles.sort()).toEqual(
      [chunkOf('packages/Login.js', packageChunks)?.fileName, of('icons/IconA.js')?.fileName].sort(),
    );
  });

  it('keeps a barrel that runs code (export * of CommonJS) with what it passes on, so no chunks import each other', () => {
    const of = (module: string) => chunkOf(`packages/node_modules/${module}`, packageChunks);
    expect(of('wrap/index.js')).toBe(of('wrap/render.cjs'));
    const bundle = Object.fromEntries(packageChunks.map((chunk) => [chunk.fileName, chunk]));
    expect(chunkCycles(bundle)).toEqual([]);
  });
});
