/**
 * `npx tsx bench/api/profile-top.ts <file.cpuprofile> [count]`: the functions with the most self time in a
 * V8 CPU profile (as `node --cpu-prof` writes it, e.g. through BENCH_CPU_PROF), summed over their call
 * sites, with their share of the sampled time. For bench/README.md's before/after tables.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const totals = new Map<string, number>();
let all = 0;
for (const [id, micros] of selfMicros) {
  const frame = byNode.get(id)!.callFrame;
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
    : '';
  const key = `${frame.functionName || '(anonymous)'} ${where ? path.normalize(where) : ''}`.trim();
  totals.set(key, (totals.get(key) ?? 0) + micros);
  all += micros;
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 25));
// The shares of the busy time too: a profile of a whole run is mostly idle, and the work is what matters.
const busy = all - (totals.get('(idle)') ?? 0);
console.log(
  `self time of ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy; share of all, of busy`,
);
for (const [key, micros] of top) {
  const ofBusy = key === '(idle)' ? '' : `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(`${((100 * micros) / all).toFixed(1).padStart(5)}% ${ofBusy.padStart(6)}  ${key}`);
}
