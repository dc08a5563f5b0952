import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import { importRecordsOf, neededModules } from './vite-package-reach';

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
 * Our packages' barrels, by the specifier the app imports them with. Walked through its `export *` lines, the
 * contracts' barrel reaches every module of the package, so every page "reached" every endpoint group and
 * the entry did too: no page group took any, and Rolldown gave each set of importers a chunk (the home page
 * 63 files once its modules named their groups, §90). From a barrel, a page reaches only the modules that
 * define the names it imports, and what those import.
 */
const BARRELS: Record<string, string> = { '@app/contracts': '../../packages/contracts/src/index.ts' };

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
  barrels = BARRELS,
): CodeSplittingGroup[] {
  const entry = path.resolve(root, entryModule);
  const loaders = onDemand.map((module) => path.resolve(root, module));
  const barrelIds = new Map(
    Object.entries(barrels).map(([specifier, file]) => [path.resolve(root, file), specifier]),
  );
  const entryGroup: CodeSplittingGroup = { name: 'entry', tags: ['$initial'], priority: 1 };
  const all = pages.map((page) => path.resolve(root, page));
  // Computed on the first call, once the graph is complete; kept by module id, as the calls ask.
  const splits = new Map<string, Split>();
  const splitOf = (ctx: ChunkingContext, index: number) => {
    const page = all[index] as string;
    let split = splits.get(page);
    if (!split) {
      split = splitByImporters(ctx, page, entry, loaders, barrelIds, all.slice(0, index), all);
      splits.set(page, split);
    }
    return split;
  };
  let leftOver: Set<string> | undefined;
  const leftOverOf = (ctx: ChunkingContext) => {
    leftOver ??= new Set(all.flatMap((_, index) => [...splitOf(ctx, index).barrelLeft]));
    return leftOver;
  };
  const pageGroups = all.flatMap((page, index): CodeSplittingGroup[] => {
    const name = path.basename(page).replace(/\.\w+$/, '');
    const of = (ctx: ChunkingContext) => splitOf(ctx, index);
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
  // What the landing pages reach of a barrel's package and an earlier page loads on use: one chunk, not
  // one per set of importers (the home page's app, auth, KYC and common schemas, 9 files).
  const leftOverGroup: CodeSplittingGroup = {
    name: (id, ctx) => (leftOverOf(ctx).has(id) ? 'landing-barrels' : null),
    debugName: 'landing, barrel modules loaded on use before',
    includeDependenciesRecursively: false,
  };
  const aliases = new Map([...barrelIds].map(([id, specifier]) => [specifier, id]));
  return [entryGroup, ...pageGroups, leftOverGroup, packageGroup(loaders, all, aliases)];
}

/**
 * What is left of the packages (node_modules) that the entry's on-demand overlays and the landing pages
 * need, in one chunk per set of those takers: `vendor-HomePage` (only the home page needs it),
 * `vendor-IntroPage-HomePage-overlays`, and so on. The groups above leave these modules to Rolldown when the
 * entry or its overlays could reach them through a barrel, and Rolldown gave every set of importers among
 * all 71 pages a chunk. The home page loaded 44 files: 13 of them held one or two icons, 12 an antd-mobile
 * or ahooks helper of 66-650 bytes brotli. Each `<link rel=modulepreload>` costs the main thread about 5 ms
 * at 4x CPU however it is added (decisions §94). Sets over these few takers give a handful of chunks.
 * "Needs" is `neededModules`: through a barrel, only what the imported names need. A page that is not a taker
 * loads the chunks of the sets holding what it uses. Tried first: each module in the chunk of its first
 * taker. That put react-query's `useQuery` in the home page's chunk with its icons, and the forgotten-
 * password page loaded 30 KB more.
 */
function packageGroup(loaders: string[], pages: string[], aliases: Map<string, string>): CodeSplittingGroup {
  let chunkOf: Map<string, string> | undefined;
  const chunksOf = (ctx: ChunkingContext) => {
    if (chunkOf) return chunkOf;
    const takers = [
      ...loaders.flatMap((loader) =>
        (ctx.getModuleInfo(loader)?.dynamicallyImportedIds ?? []).map((id) => [loader, id] as const),
      ),
      ...pages.map((page) => [page, page] as const),
    ];
    const takersOf = new Map<string, string[]>();
    for (const [owner, module] of takers) {
      const name = path.basename(owner).replace(/\.\w+$/, '');
      for (const id of neededModules(ctx, module, aliases)) {
        if (!id.includes(`${path.sep}node_modules${path.sep}`)) continue;
        const names = takersOf.get(id) ?? [];
        if (!names.includes(name)) names.push(name);
        takersOf.set(id, names);
      }
    }
    chunkOf = new Map([...takersOf].map(([id, names]) => [id, `vendor-${names.join('-')}`]));
    return chunkOf;
  };
  return {
    name: (id, ctx) => chunksOf(ctx).get(id) ?? null,
    debugName: 'landing, packages by the set of takers that need them',
    includeDependenciesRecursively: false,
  };
}

interface Split {
  own: Set<string>;
  shared: Set<string>;
  /** Barrel package modules the page reaches that an earlier page loads on use. */
  barrelLeft: Set<string>;
}

/**
 * The modules `page` reaches through static imports and `entry` does not, split in those only the page's
 * own modules import (`own`) and the rest. A barrel's package modules count by the names imported
 * (`barrelReach`), and not those an earlier landing page reaches on use through modules no landing page's
 * groups take: the login page's terms note (on use) needs the app group, which the home page calls too,
 * and from `HomePage-shared` it loaded that chunk and all it imports (30 files). The others count as the
 * whole graph has them, barrels included.
 */
function splitByImporters(
  ctx: ChunkingContext,
  page: string,
  entry: string,
  loaders: string[],
  barrels: Map<string, string>,
  earlier: string[],
  pages: string[],
): Split {
  const entrySide = [entry];
  for (const loader of loaders) entrySide.push(...(ctx.getModuleInfo(loader)?.dynamicallyImportedIds ?? []));
  const reachedByEntry = new Set(entrySide.flatMap((id) => [...staticClosure(ctx, id)]));
  const byEntry = barrelReach(ctx, entrySide, barrels);
  const onUseBefore = barrelReach(ctx, earlier, barrels, new Set(pages));
  const candidates = [...staticClosure(ctx, page)].filter((id) => !reachedByEntry.has(id));
  const barrelLeft = new Set<string>();
  for (const id of barrelReach(ctx, [page], barrels)) {
    if (byEntry.has(id)) continue;
    if (onUseBefore.has(id)) barrelLeft.add(id);
    else candidates.push(id);
  }
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
  return { own, shared: new Set(candidates.filter((id) => !own.has(id))), barrelLeft };
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

/**
 * The modules of the barrels' packages that `from` reaches through static imports (and, given `onUse`, dynamic
 * ones, not entering the modules it names): a module importing a barrel reaches the modules that define the
 * names it imports from it (parsed from its code, which Rolldown has by then) and what those import, never
 * the barrel's other modules. A namespace import or `export *` of a barrel reaches all.
 */
function barrelReach(
  ctx: ChunkingContext,
  from: string[],
  barrels: Map<string, string>,
  onUse?: Set<string>,
): Set<string> {
  const packages = [...barrels.keys()].map((barrel) => packageOf(ctx, barrel));
  const inPackage = (id: string) => packages.some((p) => p.modules.has(id));
  const seen = new Set<string>();
  const stack = [...from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || barrels.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds);
    if (onUse) stack.push(...info.dynamicallyImportedIds.filter((target) => !onUse.has(target)));
    const imported = info.importedIds.filter((dep) => barrels.has(dep));
    if (imported.length === 0) continue;
    const records = importRecordsOf(ctx, id);
    for (const barrel of imported) {
      const pkg = packageOf(ctx, barrel);
      for (const { names } of records.filter((r) => r.source === barrels.get(barrel))) {
        if (names === 'all') stack.push(...pkg.modules);
        else for (const name of names) stack.push(...(pkg.definers.get(name) ?? []));
      }
    }
  }
  return new Set([...seen].filter(inPackage));
}

interface BarrelPackage {
  modules: Set<string>;
  definers: Map<string, string[]>;
}

const packageCache = new WeakMap<ChunkingContext, Map<string, BarrelPackage>>();

/**
 * A barrel's package: the modules in its folder it reaches, and for each exported name the modules that
 * define it, i.e. export it while none of the package modules they import does (a re-export passes it on).
 */
function packageOf(ctx: ChunkingContext, barrel: string): BarrelPackage {
  const byBarrel = packageCache.get(ctx) ?? new Map<string, BarrelPackage>();
  packageCache.set(ctx, byBarrel);
  const known = byBarrel.get(barrel);
  if (known) return known;
  const folder = `${path.dirname(barrel)}${path.sep}`;
  const modules = new Set([...staticClosure(ctx, barrel)].filter((id) => id.startsWith(folder)));
  const exportsOf = (id: string) => new Set(ctx.getModuleInfo(id)?.exports ?? []);
  const definers = new Map<string, string[]>();
  for (const id of modules) {
    const deps = (ctx.getModuleInfo(id)?.importedIds ?? []).filter((dep) => modules.has(dep)).map(exportsOf);
    for (const name of exportsOf(id)) {
      if (name === '*' || deps.some((names) => names.has(name))) continue;
      definers.set(name, [...(definers.get(name) ?? []), id]);
    }
  }
  const found = { modules, definers };
  byBarrel.set(barrel, found);
  return found;
}
