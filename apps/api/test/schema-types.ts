import path from 'node:path';
import ts from 'typescript';

/** What `db/schema.ts` says about one column, reduced to what the database can be compared with. */
export interface DeclaredColumn {
  /** The kinds of value a select returns: 'string', 'number', 'boolean', 'Date', 'Buffer', 'json', 'array'. */
  kinds: string[];
  nullable: boolean;
  /** The insert type admits undefined (Generated, a timestamp with a default...): the column needs a default. */
  insertOptional: boolean;
  /** The insert type is never (identity ids): the database must fill it. */
  insertNever: boolean;
}

const schemaFile = path.resolve(import.meta.dirname, '../src/db/schema.ts');
const probeFile = path.resolve(import.meta.dirname, '../src/db/__schema-probe.ts');
// Kysely's own helpers read ColumnType/Generated, so the probe sees exactly what queries see.
const probeSource = `import type { InsertType, SelectType } from 'kysely';
import type { Database } from './schema';
export type Probe = {
  [T in keyof Database]: {
    [C in keyof Database[T]]-?: { select: SelectType<Database[T][C]>; insert: InsertType<Database[T][C]> };
  };
};`;

/**
 * Reads the hand-written Kysely types with the TypeScript compiler: table -> column -> declared shape. The
 * probe file exists only in memory.
 */
export function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const options: ts.CompilerOptions = {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === probeFile
      ? ts.createSourceFile(name, probeSource, version)
      : getSourceFile.call(host, name, version, ...rest);
  host.fileExists = (name) => path.resolve(name) === probeFile || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === probeFile ? probeSource : readFile.call(host, name));
  const program = ts.createProgram([probeFile, schemaFile], options, host);
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(probeFile);
  const alias = probe?.statements.find(ts.isTypeAliasDeclaration);
  const errors = ts.getPreEmitDiagnostics(program, probe);
  if (!alias || errors.length > 0)
    throw new Error(
      `schema probe did not compile: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n')}`,
    );
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getTypeAtLocation(alias.name).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, alias).getProperties()) {
      const shape = checker.getTypeOfSymbolAtLocation(column, alias);
      const part = (name: string) => {
        const symbol = shape.getProperty(name);
        if (!symbol) throw new Error(`${table.name}.${column.name}: no ${name} type`);
        return checker.getTypeOfSymbolAtLocation(symbol, alias);
      };
      const select = members(part('select'));
      const insert = part('insert');
      const kinds = new Set(
        select.filter((t) => !(t.flags & ts.TypeFlags.Null)).map((t) => kindOf(checker, t)),
      );
      columns.set(column.name, {
        kinds: [...kinds].sort(),
        nullable: select.some((t) => t.flags & ts.TypeFlags.Null),
        insertOptional: members(insert).some((t) => t.flags & ts.TypeFlags.Undefined),
        insertNever: (insert.flags & ts.TypeFlags.Never) !== 0,
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function members(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

function kindOf(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
  if (checker.isArrayType(type)) return 'array';
  const name = type.getSymbol()?.getName();
  if (name === 'Date' || name === 'Buffer') return name;
  if (type.flags & ts.TypeFlags.Object) return 'json';
  return checker.typeToString(type);
}
