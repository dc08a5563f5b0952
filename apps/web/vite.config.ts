import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
// From vitest: the root's vitest and @vitejs/plugin-react share one vite's types (this workspace builds
// with its own vite 7, which takes the same config).
import { defineConfig } from 'vitest/config';
import { compileHints } from './vite-compile-hints';
import { landingChunkGroups } from './vite-landing-chunks';
import { landingGuard } from './vite-landing-guard';
import { localeParts } from './vite-locale-parts';
import { moduleYields } from './vite-module-yields';
import { precompress } from './vite-precompress';
import { pwa } from './vite-pwa';
import { routePreload } from './vite-route-preload';

// The brand is a build-time setting. Defaulting it here, in the process environment, makes one default
// serve both `%VITE_BRAND%` in index.html and `import.meta.env.VITE_BRAND` in the code.
process.env.VITE_BRAND ||= 'Nova Members';
process.env.VITE_TAB_SET ||= 'trade';

const api = 'http://127.0.0.1:3000';

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102, open), which
 * checks and warns as it matches routes: a build takes the production one beside it, the same version's
 * code with `ENABLE_DEV_WARNINGS = false` (§89). Tests and the dev server keep the warnings.
 */
const routerProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(routerProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerProduction, 'dom-export.mjs') },
];
const outDir = 'dist';

export default defineConfig(({ command }) => ({
  // pwa before precompress: the service worker and manifest it writes are compressed like the rest.
  // routePreload names its script in index.html, which the service worker's shell is read from.
  plugins: [
    react(),
    localeParts(),
    landingGuard(),
    compileHints(),
    moduleYields(import.meta.dirname),
    routePreload(),
    pwa(path.resolve(import.meta.dirname, outDir)),
    precompress(),
  ],
  resolve: { alias: command === 'build' ? productionAliases : [] },
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      // The login and home pages' modules in two chunks each instead of dozens (vite-landing-chunks.ts).
      output: {
        codeSplitting: { groups: landingChunkGroups(import.meta.dirname) },
      },
    },
  },
  server: {
    // No changeOrigin: the API compares Origin with the Host it sees, and both must stay the dev server's.
    proxy: { '/api': api, '/dev': api },
  },
}));
