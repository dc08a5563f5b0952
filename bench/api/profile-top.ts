/**
 * `npx tsx bench/api/profile-top.ts <file.cpuprofile>... [count]`: the functions with the most self time in
 * V8 CPU profiles (as `node --cpu-prof` writes them, e.g. through BENCH_CPU_PROF, or bench:chain's), summed
 * over their call sites and over the files, with their share of the sampled time. For bench/README.md's
 * before/after tables. `--during=<function>` keeps only the window from the first to the last sample whose
 * stack holds that function (e.g. `--during=unseal`: the transfers of a whole bench:api run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.cpuprofile'));
const countArg = args.find((a) => /^\d+$/.test(a));
const during = args.find((a) => a.startsWith('--during='))?.slice('--during='.length);
if (files.length === 0)
  throw new Error('usage: profile-top.ts <file.cpuprofile>... [count] [--during=<function>]');

/** Which samples count: all, or those from the first to the last whose stack holds `during`. */
function samplesKept(profile: Profile, byNode: Map<number, ProfileNode>): (i: number) => boolean {
  if (!during) return () => true;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const holds = (id: number | undefined): boolean =>
    id !== undefined && (byNode.get(id)!.callFrame.functionName === during || holds(parent.get(id)));
  const marked = profile.samples.flatMap((id, i) => (holds(id) ? [i] : []));
  if (marked.length === 0) throw new Error(`no sample runs ${during}`);
  return (i) => i >= marked[0]! && i <= marked.at(-1)!;
}
const totals = new Map<string, number>();
let all = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const kept = samplesKept(profile, byNode);
  const selfMicros = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    if (!kept(i)) continue;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  for (const [id, micros] of selfMicros) {
    const frame = byNode.get(id)!.callFrame;
    // A profile taken through the inspector (bench:chain) ends with the profiler's own stop, sampled as
    // `dispatch`: not the work measured.
    if (frame.functionName === 'dispatch' && !frame.url) continue;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where ? path.normalize(where) : ''}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + micros);
    all += micros;
  }
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 25));
// The shares of the busy time too: a profile of a whole run is mostly idle, and the work is what matters.
const busy = all - (totals.get('(idle)') ?? 0);
console.log(
  `self time of ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${files.length} file(s): ${(busy / 1e3 / files.length).toFixed(0)} ms busy each); share of all, of busy`,
);
for (const [key, micros] of top) {
  const ofBusy = key === '(idle)' ? '' : `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(`${((100 * micros) / all).toFixed(1).padStart(5)}% ${ofBusy.padStart(6)}  ${key}`);
}
