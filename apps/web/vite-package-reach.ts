import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

/**
 * The modules a module needs, following its static imports; through a barrel (a module of imports and
 * exports only, like `ahooks`' or `antd-mobile-icons`' index) only to the modules that define the names
 * imported, not to the barrel's other modules. Rolldown's graph keeps every module a barrel names, used or
 * not; walked plainly, a page that takes one hook from `ahooks` "needed" all of them, and lodash with them.
 * A name that cannot be followed (a specifier this cannot resolve, a namespace import) takes the whole
 * module: the answer may be too large, never too small.
 */
export function neededModules(ctx: ChunkingContext, from: string, aliases: Map<string, string>): Set<string> {
  const graph = graphOf(ctx);
  const seen = new Set<string>();
  const passed = new Set<string>();
  const followedNames = new Set<string>();
  const stack = [from];
  const reachName = (barrel: string, name: string) => {
    const key = `${barrel}\u0000${name}`;
    if (followedNames.has(key)) return;
    followedNames.add(key);
    passed.add(barrel);
    const { named, stars } = graph.exportsOf(barrel);
    const found = named.get(name);
    if (!found && stars.length === 0) stack.push(...graph.importsOf(barrel));
    const targets = found ? [found] : stars.map((source) => ({ source, name }));
    for (const target of targets) {
      const dep = graph.resolve(barrel, target.source, aliases);
      if (dep === undefined) stack.push(...graph.unresolvedImports(barrel, aliases));
      else if (target.name !== '*' && graph.isBarrel(dep)) reachName(dep, target.name);
      else if (found || graph.mayExport(dep, name)) stack.push(dep);
    }
  };
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    // What no import declaration names (`require` calls, specifiers resolved through an exports map) in whole.
    stack.push(...graph.unresolvedImports(id, aliases));
    for (const { source, names } of graph.importRecords(id)) {
      const dep = graph.resolve(id, source, aliases);
      if (dep === undefined) continue;
      if (names !== 'all' && graph.isBarrel(dep)) for (const name of names) reachName(dep, name);
      else stack.push(dep);
    }
  }
  // A barrel stays a module of the build when it cannot be compiled away (`export *` of CommonJS runs
  // code): counted with what it passes on, or its chunk and theirs would import each other.
  return new Set([...seen, ...passed]);
}

/** The import and re-export declarations of a module: where from, and which names (`all` for every name). */
export function importRecordsOf(ctx: ChunkingContext, id: string): ImportRecord[] {
  return graphOf(ctx).importRecords(id);
}

const graphs = new WeakMap<ChunkingContext, ModuleGraph>();
function graphOf(ctx: ChunkingContext): ModuleGraph {
  let graph = graphs.get(ctx);
  if (!graph) {
    graph = new ModuleGraph(ctx);
    graphs.set(ctx, graph);
  }
  return graph;
}

export interface ImportRecord {
  source: string;
  /** The names taken; `all` for a namespace import, `export *` or a bare `import './x'`. */
  names: Set<string> | 'all';
}
type Body = ReturnType<typeof parseAst>['body'];

/** Parsed modules of one build, kept per module. */
class ModuleGraph {
  private readonly bodies = new Map<string, Body>();
  private readonly records = new Map<string, ImportRecord[]>();

  constructor(private readonly ctx: ChunkingContext) {}

  importsOf(id: string): string[] {
    return [...(this.ctx.getModuleInfo(id)?.importedIds ?? [])];
  }

  /**
   * The module a specifier of `importer` names, among those Rolldown resolved for it. `aliases`: specifiers
   * resolved outside node_modules (workspace packages), to the module they name.
   */
  resolve(importer: string, source: string, aliases: Map<string, string>): string | undefined {
    const imported = new Set(this.importsOf(importer));
    const alias = aliases.get(source);
    if (alias !== undefined) return imported.has(alias) ? alias : undefined;
    if (source.startsWith('.')) {
      const base = path.resolve(path.dirname(importer), source);
      const suffixes = ['', '.js', '.mjs', '.ts', '.tsx', '/index.js', '/index.ts'];
      return suffixes.map((suffix) => base + suffix).find((id) => imported.has(id));
    }
    const packagePath = `${path.sep}node_modules${path.sep}${source.split('/').join(path.sep)}${path.sep}`;
    const matches = [...imported].filter((id) => id.includes(packagePath));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /**
   * The modules Rolldown resolved for `importer` that none of its specifiers could be matched to here (a
   * package's subpath through its exports map, a query-suffixed id): whichever specifier failed names one of them.
   */
  unresolvedImports(importer: string, aliases: Map<string, string>): string[] {
    const resolved = new Set(
      this.importRecords(importer).map((record) => this.resolve(importer, record.source, aliases)),
    );
    return this.importsOf(importer).filter((id) => !resolved.has(id));
  }

  /** A module of imports and exports only, which passes names on. */
  isBarrel(id: string): boolean {
    const body = this.bodyOf(id);
    return (
      body.length > 0 &&
      body.every(
        (node) =>
          (node.type === 'ImportDeclaration' && node.specifiers.length > 0) ||
          node.type === 'ExportAllDeclaration' ||
          (node.type === 'ExportNamedDeclaration' && node.declaration === null) ||
          (node.type === 'ExportDefaultDeclaration' && node.declaration.type === 'Identifier'),
      )
    );
  }

  importRecords(id: string): ImportRecord[] {
    const known = this.records.get(id);
    if (known) return known;
    const records: ImportRecord[] = [];
    this.records.set(id, records);
    for (const node of this.bodyOf(id)) {
      if (node.type === 'ImportDeclaration') {
        const names = new Set<string>();
        let all = node.specifiers.length === 0;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') names.add(nameOf(spec.imported));
          else if (spec.type === 'ImportDefaultSpecifier') names.add('default');
          else all = true;
        }
        records.push({ source: node.source.value, names: all ? 'all' : names });
      } else if (node.type === 'ExportNamedDeclaration' && node.source) {
        records.push({
          source: node.source.value,
          names: new Set(node.specifiers.map((s) => nameOf(s.local))),
        });
      } else if (node.type === 'ExportAllDeclaration') {
        records.push({ source: node.source.value, names: 'all' });
      }
    }
    return records;
  }

  /** A barrel's exported names, by where each comes from; and its `export *` sources. */
  exportsOf(barrel: string): { named: Map<string, { source: string; name: string }>; stars: string[] } {
    const body = this.bodyOf(barrel);
    const imported = new Map<string, { source: string; name: string }>();
    for (const node of body) {
      if (node.type !== 'ImportDeclaration') continue;
      for (const spec of node.specifiers) {
        const name =
          spec.type === 'ImportSpecifier'
            ? nameOf(spec.imported)
            : spec.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        imported.set(spec.local.name, { source: node.source.value, name });
      }
    }
    const named = new Map<string, { source: string; name: string }>();
    const stars: string[] = [];
    for (const node of body) {
      if (node.type === 'ExportAllDeclaration' && node.exported === null) stars.push(node.source.value);
      else if (node.type === 'ExportAllDeclaration' && node.exported) {
        named.set(nameOf(node.exported), { source: node.source.value, name: '*' });
      } else if (node.type === 'ExportNamedDeclaration') {
        for (const spec of node.specifiers) {
          const exported = nameOf(spec.exported);
          const local = nameOf(spec.local);
          const from = node.source ? { source: node.source.value, name: local } : imported.get(local);
          if (from) named.set(exported, from);
        }
      } else if (node.type === 'ExportDefaultDeclaration' && node.declaration.type === 'Identifier') {
        const from = imported.get(node.declaration.name);
        if (from) named.set('default', from);
      }
    }
    return { named, stars };
  }

  /** Whether `id` exports `name`, or may (CommonJS, whose exports Rolldown does not list). */
  mayExport(id: string, name: string): boolean {
    const names = this.ctx.getModuleInfo(id)?.exports ?? [];
    return names.length === 0 || names.includes(name) || names.includes('*');
  }

  private bodyOf(id: string): Body {
    let body = this.bodies.get(id);
    if (!body) {
      const code = this.ctx.getModuleInfo(id)?.code ?? '';
      // Rolldown's code of a module is JavaScript by now, whatever its file was.
      body = parseAst(code, { lang: 'js' }, id).body;
      this.bodies.set(id, body);
    }
    return body;
  }
}

/** An import's or export's name, written as an identifier or as a string (`export { x as "a-b" }`). */
function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? String(node.name) : String(node.value);
}
