import type { OutputAsset, OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { filesOf } from './vite-route-preload';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): a file that starts with
 * it is compiled whole while it streams in, on a background thread, instead of each function on the main
 * thread at its first call.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunk every start waits for besides the entry (app/session.ts): zod and the first schemas. */
const BOOT = 'src/app/session-check.ts';

/**
 * The chunks whose code runs while a page starts: the entry and the boot chunk with what it imports. Most
 * of their functions are called before the first view (React, the router, i18next, zod building the first
 * schemas), so compiling them lazily put their compilation on the main thread, inside the start's long
 * tasks (decisions §100). Pages and their chunks stay lazy: much of their code waits for a tap.
 */
export function hintedFiles(bundle: OutputBundle, boot = BOOT): string[] {
  const entries = Object.values(bundle).flatMap((chunk) =>
    chunk.type === 'chunk' && chunk.isEntry ? [chunk.fileName] : [],
  );
  const files = new Set([...entries, ...filesOf(bundle, boot)]);
  return [...files].filter((file) => bundle[file]?.type === 'chunk');
}

/**
 * Puts the hint on the first line of those chunks. Their source maps gain an empty first line, so the
 * mappings still point at the right code (`--sourcemap` builds, bench/web/profile-page.ts).
 */
export function compileHints(boot = BOOT): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After Vite's own: its preload helper puts `__vite__mapDeps` before the entry's code, and the hint must
    // be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of hintedFiles(bundle, boot)) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          const map = bundle[`${file}.map`] as OutputAsset | undefined;
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
