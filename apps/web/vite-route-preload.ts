import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { Routes } from './src/app/navigation';
import { StorageKeys } from './src/app/storage';

/**
 * The pages a visitor lands on from outside (a bookmark, the installed app, a link in a mail), by their
 * module; and the boot chunk every start waits for (app/session.ts). Others load as they do now.
 */
const LANDINGS: Record<string, string> = {
  [Routes.login]: 'src/features/auth/LoginPage.tsx',
  [Routes.home]: 'src/features/home/HomePage.tsx',
  [Routes.intro]: 'src/features/auth/IntroPage.tsx',
};
const BOOT = 'src/app/session-check.ts';
/** The languages, by their locale files (the config cannot import the contracts' TypeScript). */
const LANGUAGES = readdirSync(path.join(import.meta.dirname, 'locales')).map((file) =>
  file.replace(/\.json$/, ''),
);
/** The contracts' `DefaultLanguage`: the texts of a member who never chose one. */
const DEFAULT_LANGUAGE = 'en-US';

/**
 * The browser starts a landing page's chunks as soon as it has read index.html, beside the entry, instead
 * of after the entry has downloaded and run (issue 19): the router is a hash router, so the page is known
 * only in the browser, and a small script named by index.html (`async`: it blocks nothing; `fetchpriority`
 * high, as async scripts are otherwise fetched last; not inline: the CSP allows same-origin scripts only) adds `<link rel="modulepreload">` for the page's chunks and
 * `<link rel="preload" as="style">` for its CSS.
 * Its table is written at build from the bundle: page -> the files its chunk imports, minus those
 * index.html already loads.
 */
export function routePreload(): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const page = html.source;
        const needed = (file: string) => !page.includes(`/${file}"`);
        const table: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(LANDINGS)) {
          table[path] = filesOf(bundle, module).filter(needed);
        }
        // The boot chunk only runs for a stored session (app/session.ts): preloaded only then. So are the
        // rest of the stored language's texts, which a member's start waits for (main.tsx, §92).
        const boot = filesOf(bundle, BOOT).filter(needed);
        const texts = Object.fromEntries(
          LANGUAGES.map((lang) => [lang, filesOf(bundle, `locales/${lang}.json?texts=rest`).filter(needed)]),
        );
        const ref = this.emitFile({
          type: 'asset',
          name: 'route-preload.js',
          source: preloaderSource(table, boot, texts),
        });
        const file = this.getFileName(ref);
        html.source = page.replace(
          '</title>',
          `</title>\n    <script async fetchpriority="high" src="/${file}"></script>`,
        );
      },
    },
  };
}

/** A module's chunk and everything it imports statically, with their CSS. */
export function filesOf(bundle: OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  // The chunk the module is in (its own, or a group's that took it in).
  const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
  if (!start) throw new Error(`route-preload: no chunk for ${module}`);
  const files = new Set<string>();
  const add = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(bundle[imported] as OutputChunk | undefined);
  };
  add(start);
  return [...files];
}

/**
 * Links added per task. Each starts a fetch: 0-12 ms of main thread at Lighthouse's 4x CPU, more during a
 * load. All in one task, the home page's 24 made a 52-190 ms long task in Lighthouse's model; five a task
 * made none in two audits of three (decision 98).
 */
const BATCH = 5;

/**
 * The script itself: plain ES5-level code, run before the entry has loaded. The boot files and the rest of
 * the stored language's texts come after the page's, only when storage says a member is signed in (the
 * same test as `hasStoredLogin`).
 */
export function preloaderSource(
  table: Record<string, string[]>,
  boot: string[],
  texts: Record<string, string[]>,
): string {
  return `(function () {
  var table = ${JSON.stringify(table)};
  var boot = ${JSON.stringify(boot)};
  var texts = ${JSON.stringify(texts)};
  var path = location.hash.replace(/^#/, '').split('?')[0];
  var files = table[path];
  if (!files) return;
  var signedIn = false;
  var lang = null;
  try {
    signedIn = localStorage.getItem(${JSON.stringify(StorageKeys.isLogin)}) === 'true' && localStorage.getItem(${JSON.stringify(StorageKeys.userInfo)}) !== null;
    lang = localStorage.getItem(${JSON.stringify(StorageKeys.lang)});
  } catch (e) {}
  files = files.slice();
  if (signedIn) boot = boot.concat(texts[lang] || texts[${JSON.stringify(DEFAULT_LANGUAGE)}]);
  for (var j = 0; signedIn && j < boot.length; j++) if (files.indexOf(boot[j]) < 0) files.push(boot[j]);
  function add(file) {
    var link = document.createElement('link');
    // CSS is only fetched here: the entry's import of the page applies it (and waits for it) as before.
    if (/\\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the entry's own preloads ask (CORS, same-origin credentials), so the browser reuses the answer.
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  }
  // Each link starts a fetch, several ms of main thread on a slow phone: ${BATCH} links a task keeps the
  // tasks short. 'user-blocking' puts the batches ahead of the entry's evaluation, so the entry's own
  // preload helper finds the links in place. Where postTask is missing, all at once as before.
  var post = window.scheduler && typeof scheduler.postTask === 'function'
    ? function (task) { scheduler.postTask(task, { priority: 'user-blocking' }); }
    : function (task) { task(); };
  for (var i = 0; i < files.length; i += ${BATCH}) {
    post(
      (function (batch) {
        return function () {
          for (var k = 0; k < batch.length; k++) add(batch[k]);
        };
      })(files.slice(i, i + ${BATCH})),
    );
  }
})();
`;
}
