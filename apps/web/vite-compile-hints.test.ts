import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, hintedFiles } from './vite-compile-hints';

/** A chunk as Rolldown hands it to `generateBundle`, with what these plugins read of it. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk' as const,
    fileName,
    moduleIds,
    imports,
    isEntry,
    code: `code of ${fileName}\nline 2`,
    map: { mappings: 'AAAA;AACA' },
  };
}

function bundle(): OutputBundle {
  const files = [
    chunk('assets/index.js', ['/app/src/main.tsx'], [], true),
    chunk('assets/session-check.js', ['/app/src/app/session-check.ts'], ['assets/zod.js', 'assets/index.js']),
    chunk('assets/zod.js', ['/app/node_modules/zod/v4/core/core.js']),
    chunk('assets/HomePage.js', ['/app/src/features/home/HomePage.tsx'], ['assets/zod.js']),
  ];
  const maps = files.map((file) => ({
    type: 'asset' as const,
    fileName: `${file.fileName}.map`,
    source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
  }));
  return Object.fromEntries(
    [...files, ...maps].map((item) => [item.fileName, item]),
  ) as unknown as OutputBundle;
}

function run(out: OutputBundle): void {
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: OutputBundle) => void };
  hook.handler({}, out);
}

describe('compile hints', () => {
  it('name the entry and the boot chunk with what it imports, not the pages', () => {
    expect(hintedFiles(bundle()).sort()).toEqual([
      'assets/index.js',
      'assets/session-check.js',
      'assets/zod.js',
    ]);
  });

  it('put the hint on the first line of those chunks, once, and shift their source maps by that line', () => {
    const out = bundle();
    run(out);
    run(out);
    const code = (file: string) => (out[file] as { code: string }).code;
    const mappings = (file: string) => JSON.parse((out[`${file}.map`] as { source: string }).source).mappings;
    for (const file of ['assets/index.js', 'assets/session-check.js', 'assets/zod.js']) {
      expect(code(file)).toBe(`${COMPILE_HINT}code of ${file}\nline 2`);
      expect(mappings(file)).toBe(';AAAA;AACA');
      expect((out[file] as { map: { mappings: string } }).map.mappings).toBe(';AAAA;AACA');
    }
    expect(code('assets/HomePage.js')).toBe('code of assets/HomePage.js\nline 2');
    expect(mappings('assets/HomePage.js')).toBe('AAAA;AACA');
  });
});
