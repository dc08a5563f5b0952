import path from 'node:path';
import type { RenderedChunk } from 'rolldown';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleParts, moduleYields, YIELD_STATEMENT, yieldOffsets, yieldsBefore } from './vite-module-yields';

const root = path.resolve('/repo/apps/web');
const contract = (name: string) => path.resolve('/repo/packages/contracts/src', name);
const app = path.resolve(root, 'src/app/thing.ts');

/** A chunk as Rolldown renders it before minification: each module's code after a line naming its file. */
const code = [
  '// ../../packages/contracts/src/common.ts',
  "globalThis.log.push('common');",
  'const ZOk = { ok: true };',
  '',
  '// src/app/thing.ts',
  "globalThis.log.push('thing');",
  'function thing() { return ZKyc.kyc; }',
  '',
  '// ../../packages/contracts/src/kyc.ts',
  "globalThis.log.push('kyc');",
  'const ZKyc = { kyc: ZOk.ok };',
  '// a comment of the module, not a marker',
  '',
  'export { ZKyc, ZOk, thing };',
  '',
].join('\n');
const ids = [contract('common.ts'), app, contract('kyc.ts')];

type Render = (code: string, chunk: RenderedChunk) => { code: string; map: { mappings: string } } | null;
const render = (isEntry = false, moduleIds = ids) =>
  (moduleYields(root).renderChunk as unknown as Render)(code, {
    isEntry,
    moduleIds,
  } as unknown as RenderedChunk);

/** Evaluates rendered code as an ES module of its own (a new one each time: a URL's module is cached). */
let evaluations = 0;
async function evaluate(source: string): Promise<Record<string, unknown>> {
  const unique = `${source}\n// evaluation ${++evaluations}`;
  return import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(unique).toString('base64')}`);
}

describe('module yields', () => {
  const global = globalThis as { log?: string[]; scheduler?: unknown };
  afterEach(() => {
    delete global.log;
    delete global.scheduler;
  });

  it("find each module's code by its marker line, for the chunk's own modules only", () => {
    const parts = moduleParts(code, ids, root);
    expect(parts.map((part) => part.id)).toEqual(ids);
    expect(parts.map((part) => code.slice(part.start).split('\n')[0])).toEqual([
      '// ../../packages/contracts/src/common.ts',
      '// src/app/thing.ts',
      '// ../../packages/contracts/src/kyc.ts',
    ]);
    expect(moduleParts(code, [app], root).map((part) => part.id)).toEqual([app]);
  });

  it("yield before each of a page chunk's contract modules but its first, and before the entry's App", () => {
    const parts = moduleParts(code, ids, root);
    const kycStart = code.indexOf('// ../../packages/contracts/src/kyc.ts');
    const inPage = (id: string) => yieldsBefore(id, false);
    expect(yieldOffsets(parts, inPage)).toEqual([kycStart]);
    // The app's module between them gets none; a contract module after it, when it opens the chunk, neither.
    expect(yieldOffsets(parts.slice(1), inPage)).toEqual([kycStart]);
    expect(yieldOffsets(parts.slice(2), inPage)).toEqual([]);
    expect(yieldsBefore(path.resolve(root, 'src/app/App.tsx'), true)).toBe(true);
    expect(yieldsBefore(contract('limits.ts'), true)).toBe(false);
    expect(yieldsBefore(path.resolve(root, 'src/app/App.tsx'), false)).toBe(false);
  });

  it('evaluate the chunk in two tasks with the same bindings, and leave alone chunks with no place to split', async () => {
    const out = render();
    expect(out?.code).toBe(code.replace('// ../../packages/contracts/src/kyc.ts', `${YIELD_STATEMENT}$&`));
    expect(out?.map.mappings).toBeTruthy();
    // In the entry, only before the app's root; a chunk with one contract module is left as it is.
    expect(render(true)).toBeNull();
    expect(render(false, [contract('common.ts'), app])).toBeNull();

    global.log = [];
    global.scheduler = {
      yield: async () => {
        global.log?.push('yield');
      },
    };
    const exported = await evaluate(out?.code ?? '');
    expect(global.log).toEqual(['common', 'thing', 'yield', 'kyc']);
    expect(exported.ZKyc).toEqual({ kyc: true });
    expect((exported.thing as () => boolean)()).toBe(true);
  });

  it('go on through a message to itself where the browser has no scheduler.yield', async () => {
    global.log = [];
    const exported = await evaluate(render()?.code ?? '');
    expect(global.log).toEqual(['common', 'thing', 'kyc']);
    expect(exported.ZOk).toEqual({ ok: true });
  });
});
