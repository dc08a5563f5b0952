import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type OutputChunk, rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingChunkGroups } from './vite-landing-chunks';

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

let dir: string;
let chunks: OutputChunk[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'landing-chunks-'));
  for (const [name, source] of Object.entries(FILES)) await writeFile(path.join(dir, name), source);
  const bundle = await rolldown({ input: path.join(dir, 'main.js'), logLevel: 'silent' });
  const { output } = await bundle.generate({
    codeSplitting: { groups: landingChunkGroups(dir, ['Page.js'], 'main.js') },
  });
  chunks = output.filter((file): file is OutputChunk => file.type === 'chunk');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const chunkOf = (module: string) => chunks.find((c) => c.moduleIds.includes(path.join(dir, module)));
/** A chunk and the chunks it imports statically, by file name. */
function loaded(chunk: OutputChunk | undefined, seen = new Set<string>()): Set<string> {
  if (!chunk || seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const file of chunk.imports)
    loaded(
      chunks.find((c) => c.fileName === file),
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
});
