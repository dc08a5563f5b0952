import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Modules own their tables and meet through services (docs/architecture.md, "Tables each module owns").
 * Where a module's code reaches a table through the full `Db` type or raw SQL, the compiler does not stop
 * it; this does: no string in the module's source (a Kysely table name, a SQL text) names a table it was
 * moved off. Test files and fixtures may seed any table.
 */

const modulesDir = join(import.meta.dirname, '..', 'modules');

/** Wallet's tables (migrations 0003, 0032, 0042). */
const walletTables = [
  'currency_prices',
  'wallet_transfer_rules',
  'exchange_pairs',
  'withdrawal_settings',
  'deposit_channels',
  'withdrawal_addresses',
  'withdrawals',
  'deposits',
  'admin_approvals',
];

/** Module -> tables of other modules its source must not name (decision 77: chain goes through walletForChain). */
const kept: Record<string, string[]> = {
  chain: walletTables,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return isSource && !entry.name.includes('fixtures') ? [path] : [];
  });
}

/** Every string and template text of a file, comments left out. */
function stringsOf(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether `text` names `table`: as a Kysely table (`'t'`, `'t as x'`, `'t.col'`) or after a SQL keyword. */
function namesTable(text: string, table: string): boolean {
  const kysely = new RegExp(`^${table}(\\s+as\\s+\\w+|\\.\\w+)?$`, 'i');
  const sqlText = new RegExp(`\\b(from|join|update|into|table)\\s+("?)${table}\\2(\\s|$|\\)|,|;)`, 'i');
  return kysely.test(text.trim()) || sqlText.test(text);
}

describe('module table ownership', () => {
  it('tells a table named in Kysely or in SQL from prose', () => {
    expect(namesTable('withdrawals', 'withdrawals')).toBe(true);
    expect(namesTable('withdrawals as w', 'withdrawals')).toBe(true);
    expect(namesTable('w.id', 'withdrawals')).toBe(false);
    expect(namesTable('SELECT 1 FROM deposit_channels ch WHERE', 'deposit_channels')).toBe(true);
    expect(namesTable('UPDATE "withdrawals" SET', 'withdrawals')).toBe(true);
    expect(namesTable('credited deposits', 'deposits')).toBe(false);
    expect(namesTable('chain_deposits', 'deposits')).toBe(false);
    expect(namesTable('FROM chain_deposits d', 'deposits')).toBe(false);
  });

  for (const [module, tables] of Object.entries(kept)) {
    it(`${module} names none of ${tables.length} tables of other modules`, () => {
      const root = join(modulesDir, module);
      const reaches = sourceFiles(root).flatMap((path) =>
        stringsOf(path).flatMap((text) =>
          tables.filter((t) => namesTable(text, t)).map((t) => `${relative(root, path)}: ${t}`),
        ),
      );
      expect(reaches).toEqual([]);
    });
  }
});
