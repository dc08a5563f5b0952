/**
 * The files (and their brotli bytes) a built web app loads before each landing page can draw: index.html's
 * own scripts and styles, and what the route preload script names per page. Counts that do not depend on the
 * host's load, beside Lighthouse's figures, which do (decisions §75, §84, §86).
 *   npx tsx bench/web/landing-files.ts [dist]   (default apps/web/dist)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');

function brotliBytes(file: string): number {
  try {
    return statSync(path.join(dist, `${file}.br`)).size;
  } catch {
    return statSync(path.join(dist, file)).size;
  }
}

function line(name: string, files: string[]): string {
  const kb = files.reduce((sum, f) => sum + brotliBytes(f), 0) / 1024;
  return `${name.padEnd(22)} ${String(files.length).padStart(3)} files ${kb.toFixed(1).padStart(7)} KB brotli`;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const own = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
console.log(line('index.html', own));
const preload = readdirSync(path.join(dist, 'assets')).find((f) => /^route-preload-.*\.js$/.test(f));
if (!preload) throw new Error(`no route preload script in ${dist}/assets`);
const source = readFileSync(path.join(dist, 'assets', preload), 'utf8');
// The table's keys are pages (paths) and, for a signed-in start, languages: the rest of their texts (§92).
for (const [, key, list] of source.matchAll(/"([^"]+)":\[([^\]]*)\]/g)) {
  const files = [...(list ?? '').matchAll(/"\/?([^"]+)"/g)].map((m) => m[1] as string);
  console.log(line(key?.startsWith('/') ? `  + ${key}` : `  + texts, ${key}`, files));
}
