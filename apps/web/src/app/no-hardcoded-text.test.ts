import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Attributes whose string value a person reads (or hears from a screen reader). */
const TEXT_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'label',
  'alt',
  'aria-label',
  'text',
  'content',
  'description',
  'confirmText',
  'cancelText',
]);

// Nothing allowed yet: every visible word comes from the locale files (the brand comes from config).
const ALLOWED = new Set<string>([]);

const letters = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return tsxFiles(file);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [file] : [];
  });
}

/** Text in JSX that does not come from `t()`: `file:line: text`. */
export function hardcodedText(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (!letters.test(trimmed) || ALLOWED.has(trimmed)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.basename(fileName)}:${line + 1}: ${trimmed}`);
  };
  const literalOf = (node: ts.Node | undefined): ts.StringLiteralLike | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node;
    if (ts.isJsxExpression(node)) return literalOf(node.expression);
    if (ts.isParenthesizedExpression(node)) return literalOf(node.expression);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const literal = literalOf(node);
      if (literal) report(node, literal.text);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(sf))) {
      const literal = literalOf(node.initializer);
      if (literal) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('user-visible text', () => {
  it('finds the kinds of hard-coded text it is meant to find', () => {
    const sample = `
      const a = <p>Hello there</p>;
      const b = <Input placeholder="Your name" />;
      const c = <Button aria-label={'Close'} />;
      const d = <span>{'Inline'}</span>;
      const ok = <p className="x" data-testid="y">{t('k')} {' '} 42 · </p>;
    `;
    expect(hardcodedText('sample.tsx', sample)).toEqual([
      'sample.tsx:2: Hello there',
      'sample.tsx:3: Your name',
      'sample.tsx:4: Close',
      'sample.tsx:5: Inline',
    ]);
  });

  it('comes from the locale files in every component', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = tsxFiles(src);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => hardcodedText(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
