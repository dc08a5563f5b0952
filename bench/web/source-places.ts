/**
 * A sampled frame's place in the original sources, through the build's source maps (fetched beside each
 * script as `<url>.map`): what profile-page.ts and trace-tasks.ts name their figures by.
 */
import { SourceMap } from 'node:module';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One source map per script URL, fetched from the server beside the script (`<url>.map`). */
const maps = new Map<string, Promise<SourceMap | null>>();
function mapOf(url: string): Promise<SourceMap | null> {
  let found = maps.get(url);
  if (!found) {
    found = fetch(`${url.split('?')[0]}.map`)
      .then(async (r) =>
        r.ok ? new SourceMap((await r.json()) as ConstructorParameters<typeof SourceMap>[0]) : null,
      )
      .catch(() => null);
    maps.set(url, found);
  }
  return found;
}

/** `node_modules/<pkg>/…` -> `<pkg>/…`; the app's own sources from `src/` on. */
export function shortSource(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) return source.slice(nm + 'node_modules/'.length);
  const src = source.indexOf('/src/');
  return src >= 0 ? source.slice(src + 1) : source.replace(/^(\.\.\/)+/, '');
}
export function packageOf(file: string): string {
  if (file.startsWith('(')) return file;
  if (!/^(@[^/]+\/)?[^/]+\//.test(file) || file.startsWith('src/')) return 'app: src';
  const parts = file.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
}

export interface Place {
  file: string;
  fn: string;
}
export async function placeOf(frame: CallFrame): Promise<Place> {
  const { url, functionName } = frame;
  if (!url) return { file: `(${functionName || 'native'})`, fn: `(${functionName || 'native'})` };
  const map = url.endsWith('.js') || url.includes('.js?') ? await mapOf(url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
    | { originalSource?: string; originalLine?: number; name?: string }
    | undefined;
  if (!entry?.originalSource) {
    const file = url.replace(/^https?:\/\/[^/]+\//, '');
    return { file, fn: `${functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` };
  }
  const file = shortSource(entry.originalSource);
  return {
    file,
    fn: `${entry.name || functionName || '(anonymous)'} ${file}:${(entry.originalLine ?? 0) + 1}`,
  };
}
