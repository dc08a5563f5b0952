import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * A top-level statement that ends the current task and goes on in a new one: `scheduler.yield()` where the
 * browser has it (its continuation runs before other queued tasks), else a message to itself, which, unlike
 * a timer, no browser throttles in a background tab.
 */
export const YIELD_STATEMENT =
  'await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => { const channel = new MessageChannel(); ' +
  'channel.port1.onmessage = () => resolve(); channel.port2.postMessage(null); }));\n';

/**
 * Where a task ends. In a page's chunks, before each module of the contracts: nearly all of their code
 * builds zod schemas as the module is evaluated, 1-20 ms each at full speed. In the entry, before the app's
 * root module, whose evaluation builds the router (20-35 ms) after React and the rest have been evaluated.
 */
const CONTRACTS = `${path.sep}packages${path.sep}contracts${path.sep}src${path.sep}`;
const APP_ROOT = `${path.sep}src${path.sep}app${path.sep}App.tsx`;
export const yieldsBefore = (id: string, inEntry: boolean) =>
  inEntry ? id.endsWith(APP_ROOT) : id.includes(CONTRACTS);

/** A module's code in a rendered chunk: where its marker line starts. */
interface ModulePart {
  id: string;
  start: number;
}

/**
 * Rolldown's rendered chunk, before minification, opens each module's code with a comment line naming its
 * file relative to the project (`// ../../packages/contracts/src/kyc.ts`); the chunk's own ids are absolute.
 */
export function moduleParts(code: string, moduleIds: readonly string[], root: string): ModulePart[] {
  const ids = new Set(moduleIds);
  return [...code.matchAll(/^\/\/ (\S+)$/gm)].flatMap((match) => {
    const id = path.resolve(root, match[1] as string);
    return ids.has(id) ? [{ id, start: match.index }] : [];
  });
}

/** Where to end the task: before each selected module, unless it opens the chunk. */
export function yieldOffsets(parts: readonly ModulePart[], select: (id: string) => boolean): number[] {
  return parts.flatMap((part, i) => (i > 0 && select(part.id) ? [part.start] : []));
}

/**
 * Evaluating a chunk is one task, as long as all of its modules' code takes: 37-180 ms at full speed for
 * the boot chunk's schemas, which Lighthouse counts four times over (§102). A top-level `await` between
 * modules splits the evaluation into tasks of a few milliseconds each, so a tap or a frame can come in
 * between. Safe because whatever imports a chunk waits for its evaluation to finish, whatever it awaits;
 * the chunks never import each other (§94), so no cycle waits on itself; and a module's bindings are all
 * declared before anything that imports the chunk runs.
 */
export function moduleYields(root: string, select = yieldsBefore): Plugin {
  return {
    name: 'module-yields',
    apply: 'build',
    renderChunk(code, chunk) {
      const offsets = yieldOffsets(moduleParts(code, chunk.moduleIds, root), (id) =>
        select(id, chunk.isEntry),
      );
      if (offsets.length === 0) return null;
      const out = new MagicString(code);
      for (const offset of offsets) out.appendLeft(offset, YIELD_STATEMENT);
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) };
    },
  };
}
