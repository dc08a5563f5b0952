import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { filesOf } from './vite-route-preload';

/**
 * Modules a landing page must not load, by the page's module. `Endpoints` holds every endpoint group's
 * schemas (viem's checksum, every contract); the login page's calls name `AuthEndpoints` and
 * `AppEndpoints` instead, which cut its files by 31 KB brotli (decisions §79). One import of `Endpoints`
 * on its path would bring it all back without any test noticing, so the build fails instead.
 */
const FORBIDDEN: Record<string, string[]> = {
  'src/features/auth/LoginPage.tsx': ['packages/contracts/src/endpoints/index.ts'],
  // The buy sheet and its purchase form load on use (§99): statically on the home page's path, they put
  // their form parts, the wallet and voucher calls and the sealing into one of the page's long tasks.
  // viem and the hashes of the address checks came with the wallet schemas' list of networks (§99).
  'src/features/home/HomePage.tsx': [
    'src/features/mining/BuySheet.tsx',
    'src/features/purchase/PurchaseForm.tsx',
    'packages/contracts/src/withdrawal-address.ts',
  ],
};

/**
 * An endpoint path that only an admin group has (`AdminEndpoints.adminMembers`; member groups such as
 * mining's have `/api/admin` paths of their own, so not the prefix).
 */
export const ADMIN_ONLY_PATH = '/api/admin/members';

/**
 * Text a landing page's chunks must not hold, by the page's module. The home page's modules name the groups
 * they call (§90): its chunks hold no admin group's schemas, which it used to build at load with every other
 * group's (13-21 % of its main thread at 4x, §88). A module that takes `Endpoints` or `Paths` again, or a
 * chunk group that gathers the admin groups with the home page's, brings the admin paths back.
 */
const FORBIDDEN_TEXT: Record<string, string[]> = {
  'src/features/home/HomePage.tsx': [ADMIN_ONLY_PATH],
};

/** The modules of `forbidden` whose code is in the chunks `page` loads statically (its own included). */
export function forbiddenOnPath(bundle: OutputBundle, page: string, forbidden: string[]): string[] {
  const found = new Set<string>();
  for (const file of filesOf(bundle, page)) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    for (const [id, module] of Object.entries((chunk as OutputChunk).modules)) {
      // A module tree-shaken to nothing is listed with no code: it costs nothing.
      if (module.renderedLength > 0 && forbidden.some((suffix) => id.endsWith(`/${suffix}`))) found.add(id);
    }
  }
  return [...found];
}

/** The chunks `page` loads statically (its own included) whose code holds one of `texts`, with the text. */
export function textOnPath(bundle: OutputBundle, page: string, texts: string[]): string[] {
  const found: string[] = [];
  for (const file of filesOf(bundle, page)) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    for (const text of texts) if (chunk.code.includes(text)) found.push(`${file} (${text})`);
  }
  return found;
}

/**
 * Chunks that import themselves through others, each cycle as its files. An ES module cycle across chunks
 * is legal, but a chunk of it runs before the chunk it imports has run: a package's CommonJS wrapper is then
 * still undefined, and the page fails with "e is not a function" (the `-vendor` groups' first try, §94).
 */
export function chunkCycles(bundle: OutputBundle): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || done.has(file)) return;
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file]);
      return;
    }
    for (const imported of chunk.imports) visit(imported, [...path, file]);
    done.add(file);
  };
  for (const file of Object.keys(bundle)) visit(file, []);
  return cycles;
}

/**
 * Fails the build when a landing page's static imports reach a module `FORBIDDEN` names for it, or its
 * chunks hold a text `FORBIDDEN_TEXT` names, or chunks import each other.
 */
export function landingGuard(rules = FORBIDDEN, textRules = FORBIDDEN_TEXT): Plugin {
  return {
    name: 'landing-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [page, forbidden] of Object.entries(rules)) {
        const found = forbiddenOnPath(bundle, page, forbidden);
        if (found.length > 0) this.error(`${page} loads ${found.join(', ')} (vite-landing-guard.ts)`);
      }
      for (const [page, texts] of Object.entries(textRules)) {
        const found = textOnPath(bundle, page, texts);
        if (found.length > 0) this.error(`${page} loads ${found.join(', ')} (vite-landing-guard.ts)`);
      }
      const cycles = chunkCycles(bundle).map((cycle) => cycle.join(' -> '));
      if (cycles.length > 0)
        this.error(`chunks import each other: ${cycles.join('; ')} (vite-landing-guard.ts)`);
    },
  };
}
