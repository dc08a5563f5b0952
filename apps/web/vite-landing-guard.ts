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

/** Fails the build when a landing page's static imports reach a module `FORBIDDEN` names for it. */
export function landingGuard(rules = FORBIDDEN): Plugin {
  return {
    name: 'landing-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [page, forbidden] of Object.entries(rules)) {
        const found = forbiddenOnPath(bundle, page, forbidden);
        if (found.length > 0) this.error(`${page} loads ${found.join(', ')} (vite-landing-guard.ts)`);
      }
    },
  };
}
