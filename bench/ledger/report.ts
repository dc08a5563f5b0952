import type { PhaseResult } from './measure';

const num = (v: number, digits = 0) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function errorText(errors: Record<string, number>): string {
  const parts = Object.entries(errors)
    .sort(([, a], [, b]) => b - a)
    .map(([code, n]) => `${code} ${n}`);
  return parts.length ? parts.join(', ') : '0';
}

/** The figures as a fixed-width table; a `max ms` column when any row has a maximum. */
export function table(rows: PhaseResult[]): string {
  const withMax = rows.some((r) => r.latencyMs?.max !== undefined);
  const head = [
    'workload',
    'conns',
    'secs',
    'ok',
    'per sec',
    'mean ms',
    'p50 ms',
    'p99 ms',
    ...(withMax ? ['max ms'] : []),
    'node CPU',
    'errors',
  ];
  const body = rows.map((r) => [
    r.name,
    String(r.clients),
    num(r.seconds, 1),
    num(r.ok),
    num(r.tps, 1),
    num(r.latencyMs?.mean ?? Number.NaN, 1),
    num(r.latencyMs?.p50 ?? Number.NaN, 1),
    num(r.latencyMs?.p99 ?? Number.NaN, 1),
    ...(withMax ? [num(r.latencyMs?.max ?? Number.NaN, 1)] : []),
    r.nodeCores === undefined ? '-' : `${num(r.nodeCores, 2)} cores`,
    errorText(r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i]!, i > 0 && i < cells.length - 1))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function ratio(numerator: number | undefined, denominator: number | undefined): string {
  if (numerator === undefined || !denominator) return 'n/a';
  return (numerator / denominator).toFixed(2);
}
