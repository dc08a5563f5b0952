import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * The landing pages whose modules come in two chunks each, named after the page (issue 19). In this order:
 * a module two landing pages share goes to the first one's `-shared` group. The intro page (a new
 * visitor's first) comes before the home page: left to Rolldown once antd-mobile was imported by component
 * (§84), the slider parts it shares with the home page went to `HomePage-shared`, and the intro page loaded
 * that chunk and what it imports, 39 files and 129 KB brotli instead of 14 and 55; with its own groups, 22
 * files and 80 KB (the login page's shared chunk among them, which its buttons lead to), the home page +1 KB.
 */
const LANDING_PAGES = [
  'src/features/auth/LoginPage.tsx',
  // Not pages: what the login page loads on use (§89), its checks and the API client. Left to the groups
  // below, the client and zod's form resolver went to `HomePage-shared`, and the login form's first submit
  // loaded the home page's shared code (about 20 files, every endpoint group's schemas) to send a password.
  'src/features/auth/login.form.ts',
  'src/features/auth/auth.api.ts',
  'src/features/auth/IntroPage.tsx',
  'src/features/home/HomePage.tsx',
];
const ENTRY = 'src/main.tsx';
/**
 * What the entry loads on demand for every page (Toast and Dialog, app/overlays.ts): counted as the
 * entry's, or a page's group would take them and the overlays' chunk would import that page's group.
 */
const ENTRY_ON_DEMAND = ['src/app/overlays.ts'];

/**
 * Rolldown's automatic splitting gives every set of importers a chunk of its own, so the login page came in
 * 36 files (most of 1-2 KB), the home page in 91, and a phone on slow 4G, six connections per origin, waited on them in rounds.
 *
 * First a group for the entry: every module the entry loads statically (Rolldown's `$initial` tag), in the
 * entry's own chunk; index.html named 27 files, now 3 and the route preload script (§89). The tag sees
 * through the side-effect-free barrels (what the entry takes from React Query or the icons, not the whole
 * package); a group built from our own walk of the import graph could not, and the entry chunk and that
 * group imported each other (§84, "Tried and reverted").
 *
 * Then two groups per landing page take the modules it reaches through static imports that the entry cannot
 * reach, so the entry never imports their chunks (its files and weight stay as they were): `<Page>`, those
 * only the page itself imports, and `<Page>-shared`, those other pages import too (the API client, form
 * parts), which is what those pages load instead of the page's own code.
 * "Cannot reach" is judged on the whole import graph, barrels included (antd-mobile's, the contracts'):
 * coarse, as it leaves out whatever the entry could reach through a barrel, but never wrong (with the
 * barrels' other modules counted in, the login page's shared group took the contracts' `Endpoints`, which
 * the landing guard refuses). Without
 * `includeDependenciesRecursively` a group keeps to those modules; with it, it took the modules they
 * import from the entry's side (React, i18n) and the entry then loaded the group (decisions §72).
 */
export function landingChunkGroups(
  root: string,
  pages = LANDING_PAGES,
  entryModule = ENTRY,
  onDemand = ENTRY_ON_DEMAND,
): CodeSplittingGroup[] {
  const entry = path.resolve(root, entryModule);
  const loaders = onDemand.map((module) => path.resolve(root, module));
  const entryGroup: CodeSplittingGroup = { name: 'entry', tags: ['$initial'], priority: 1 };
  const pageGroups = pages
    .map((page) => path.resolve(root, page))
    .flatMap((page): CodeSplittingGroup[] => {
      const name = path.basename(page).replace(/\.\w+$/, '');
      // Computed on the first call, once the graph is complete; kept by module id, as the calls ask.
      let split: { own: Set<string>; shared: Set<string> } | undefined;
      const of = (ctx: ChunkingContext) => {
        split ??= splitByImporters(ctx, page, entry, loaders);
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
  return [entryGroup, ...pageGroups];
}

/**
 * The modules `page` reaches through static imports and `entry` does not, split in those only the page's
 * own modules import (`own`) and the rest.
 */
function splitByImporters(ctx: ChunkingContext, page: string, entry: string, loaders: string[]) {
  const reachedByEntry = staticClosure(ctx, entry);
  for (const loader of loaders) {
    for (const target of ctx.getModuleInfo(loader)?.dynamicallyImportedIds ?? []) {
      for (const id of staticClosure(ctx, target)) reachedByEntry.add(id);
    }
  }
  const candidates = [...staticClosure(ctx, page)].filter((id) => !reachedByEntry.has(id));
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

/** Every module `from` reaches through static imports, itself included. */
function staticClosure(ctx: ChunkingContext, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
