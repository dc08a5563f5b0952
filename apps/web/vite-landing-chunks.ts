import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * Two kinds of Rolldown `codeSplitting` groups (issue 19): one for the entry's own modules (`entryGroup`),
 * and two per landing page for the modules the page needs and the entry does not (`pageGroups`).
 *
 * The landing pages whose modules come in two chunks each, named after the page (issue 19). The intro page
 * is left out: its 13 files are what the entry's side already split off (a group took none of them).
 */
const LANDING_PAGES = ['src/features/auth/LoginPage.tsx', 'src/features/home/HomePage.tsx'];
const ENTRY = 'src/main.tsx';

/**
 * Rolldown's automatic splitting gives every set of importers a chunk of its own, so the login page came in
 * 36 files (most of 1-2 KB), the home page in 91, and a phone on slow 4G, six connections per origin, waited on them in rounds.
 * Two groups per landing page take the modules it reaches through static imports that the entry cannot
 * reach, so the entry never imports their chunks (its files and weight stay as they were): `<Page>`, those
 * only the page itself imports, and `<Page>-shared`, those other pages import too (the API client, form
 * parts), which is what those pages load instead of the page's own code.
 * "Cannot reach" is judged on the whole import graph, barrels included (antd-mobile's, the contracts'):
 * coarse, as it leaves out whatever the entry could reach through a barrel, but never wrong. Without
 * `includeDependenciesRecursively` a group keeps to those modules; with it, it took the modules they
 * import from the entry's side (React, i18n) and the entry then loaded the group (decisions §72).
 */
export function landingChunkGroups(
  root: string,
  pages = LANDING_PAGES,
  entryModule = ENTRY,
): CodeSplittingGroup[] {
  const entry = path.resolve(root, entryModule);
  return [entryGroup(entry), ...pageGroups(entry, root, pages)];
}

/**
 * Barrels of packages without side effects: a module importing one names a few of its exports, but its
 * imported ids are all of them. Following them would count every icon, schema or React Query hook as the
 * entry's, so the entry's group stops there (what the entry takes through them keeps Rolldown's chunks).
 */
const BARRELS = [
  '/node_modules/ahooks/es/index.js',
  '/node_modules/antd-mobile-icons/es/index.js',
  '/node_modules/@tanstack/react-query/build/modern/index.js',
  '/packages/contracts/src/index.ts',
];
const isBarrel = (id: string) => BARRELS.some((barrel) => id.endsWith(barrel));

/**
 * The modules the entry imports statically, not through a barrel, in one chunk beside the entry's own
 * (issue 19): Rolldown split them by the pages that import them too, so index.html loaded some 20 files of
 * 1-3 KB, a round trip each on a slow phone. The entry loads every one of them anyway, so the bytes are the
 * same; a page that imports one of them loads this chunk, which the entry has already brought.
 */
function entryGroup(entry: string): CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, ctx) => {
      members ??= staticClosure(ctx, entry, isBarrel);
      return members.has(id) && id !== entry ? 'entry' : null;
    },
    debugName: 'entry',
    includeDependenciesRecursively: false,
  };
}

function pageGroups(entry: string, root: string, pages: string[]): CodeSplittingGroup[] {
  return pages
    .map((page) => path.resolve(root, page))
    .flatMap((page) => {
      const name = path.basename(page).replace(/\.\w+$/, '');
      // Computed on the first call, once the graph is complete; kept by module id, as the calls ask.
      let split: { own: Set<string>; shared: Set<string> } | undefined;
      const of = (ctx: ChunkingContext) => {
        split ??= splitByImporters(ctx, page, entry);
        return split;
      };
      return [
        {
          name: (id, ctx) => (of(ctx).own.has(id) ? name : null),
          debugName: `landing ${name}`,
          includeDependenciesRecursively: false,
        },
        {
          name: (id, ctx) => (of(ctx).shared.has(id) ? `${name}-shared` : null),
          debugName: `landing ${name}, shared`,
          includeDependenciesRecursively: false,
        },
      ];
    });
}

/**
 * The modules `page` reaches through static imports and `entry` does not, split in those only the page's
 * own modules import (`own`) and the rest.
 */
function splitByImporters(ctx: ChunkingContext, page: string, entry: string) {
  const reachedByEntry = staticClosure(ctx, entry);
  // Through a barrel the page would reach every module of its package, most used by other pages only.
  const candidates = [...staticClosure(ctx, page, isBarrel)].filter((id) => !reachedByEntry.has(id));
  const own = new Set([page]);
  // Grown to a fixed point: a module is the page's own once all its importers are (a cycle stays shared).
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of candidates) {
      const info = ctx.getModuleInfo(id);
      if (own.has(id) || !info || info.dynamicImporters.length > 0) continue;
      if (info.importers.every((importer) => own.has(importer))) {
        own.add(id);
        grew = true;
      }
    }
  }
  return { own, shared: new Set(candidates.filter((id) => !own.has(id))) };
}

/** Every module `from` reaches through static imports, itself included, short of those `stop` names. */
function staticClosure(ctx: ChunkingContext, from: string, stop = (_id: string) => false): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
