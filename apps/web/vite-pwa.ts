import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Chunks main.tsx loads before the first render without index.html naming them (app/session.ts). */
const BOOT_MODULES = /\/src\/app\/session-check\.ts$/;

/** The files of the boot chunks and of everything they import, collected while the bundle is made. */
function bootChunks(files: Set<string>): Plugin {
  return {
    name: 'pwa-boot-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const add = (file: string): void => {
        const chunk = bundle[file];
        if (files.has(file) || chunk?.type !== 'chunk') return;
        files.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId && BOOT_MODULES.test(chunk.facadeModuleId)) {
          add(chunk.fileName);
        }
      }
    },
  };
}

/**
 * The app as an installable web app (issue 19, item 4; decisions §60): a manifest with icons and a
 * service worker made by Workbox. The worker precaches the app shell only: index.html, the files it loads
 * (entry, its static imports, their CSS), icons and manifest. Other hashed chunks (pages, languages) are
 * cached as they are first fetched, so pages opened once open offline too. API answers, uploads and
 * anything signed in never enter a cache: the worker answers nothing under /api.
 */
export function pwa(outDir: string) {
  const boot = new Set<string>();
  return [
    bootChunks(boot),
    VitePWA({
      // A new version waits until the member accepts it (UpdatePrompt); never a reload under their fingers.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: process.env.VITE_BRAND,
        short_name: process.env.VITE_BRAND,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f5f5f7',
        theme_color: '#FF8C00',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
        // Of the hashed assets, only those index.html names and the boot chunks (the session check the
        // first render waits for): the shell, not every page and language.
        manifestTransforms: [
          (entries) => {
            const htmlFile = path.join(outDir, 'index.html');
            // No index.html: the bundle failed before it was written (a guard's error, say). The plugin still
            // makes its worker after a failed bundle; failing here too hid that first error behind an ENOENT.
            if (!existsSync(htmlFile)) return { manifest: [], warnings: [] };
            const html = readFileSync(htmlFile, 'utf8');
            const shell = entries.filter(
              (e) => !e.url.startsWith('assets/') || html.includes(`/${e.url}`) || boot.has(e.url),
            );
            return { manifest: shell, warnings: [] };
          },
        ],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Hashed file names never change content: cache first, kept for good (bounded in number).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
  ];
}
