/**
 * `npx tsx bench/api/profile-top.ts <file.cpuprofile>... [count] [--stretch=N] [--inclusive]`: the
 * functions with the most self time in V8 CPU profiles (as `node --cpu-prof` writes them, e.g. through
 * BENCH_CPU_PROF, or bench:chain's), summed over their call sites and over the files, with their share of
 * the sampled time. For bench/README.md's before/after tables.
 *
 * A bench:api profile holds the app's start-up and every workload. The busy stretches of the process (each
 * second over a third busy, joined across gaps under 2 s) are listed first; `--stretch=N` keeps only the
 * samples of stretch N (the bench's workloads are stretches apart, in the order the bench runs them, as it
 * waits for the database's counters between them). `--during=<function>` keeps only the window from the
 * first to the last sample whose stack holds that function (e.g. `--during=unseal`: the transfers of a whole
 * bench:api run). `--inclusive` ranks by total time instead: each function counted once in every sample
 * whose stack holds it (where a request's time goes, by piece).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
const stretchArg = args.find((a) => a.startsWith('--stretch='));
const during = args.find((a) => a.startsWith('--during='))?.slice('--during='.length);
const inclusive = args.includes('--inclusive');
if (files.length === 0) {
  throw new Error(
    'usage: profile-top.ts <file.cpuprofile>... [count] [--stretch=N] [--during=<function>] [--inclusive]',
  );
}

const keyOf = (frame: ProfileNode['callFrame']) => {
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
    : '';
  return `${frame.functionName || '(anonymous)'} ${where ? path.normalize(where) : ''}`.trim();
};

/** Stretches of at least a third busy per second, gaps under 2 s joined: [from, to) in seconds. */
function busyStretches(profile: Profile, idleId: number | undefined): Array<[number, number]> {
  const busyPerSecond: number[] = [];
  let t = 0;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i] ?? 0;
    const second = Math.floor(t / 1e6);
    if (id !== idleId) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + (profile.timeDeltas[i] ?? 0);
  }
  const stretches: Array<[number, number]> = [];
  for (let s = 0; s < busyPerSecond.length; s++) {
    if ((busyPerSecond[s] ?? 0) < 1e6 / 3) continue;
    const last = stretches.at(-1);
    if (last && s - last[1] < 2) last[1] = s + 1;
    else stretches.push([s, s + 1]);
  }
  return stretches;
}

/** Which samples count: all, or those from the first to the last whose stack holds `during`. */
function samplesKept(profile: Profile, parentOf: Map<number, number>, byNode: Map<number, ProfileNode>) {
  if (!during) return () => true;
  const holds = (id: number | undefined): boolean =>
    id !== undefined && (byNode.get(id)!.callFrame.functionName === during || holds(parentOf.get(id)));
  const marked = profile.samples.flatMap((id, i) => (holds(id) ? [i] : []));
  if (marked.length === 0) throw new Error(`no sample runs ${during}`);
  return (i: number) => i >= marked[0]! && i <= marked.at(-1)!;
}

const totals = new Map<string, number>();
let all = 0;
let idleMicros = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const idleId = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  const stretches = busyStretches(profile, idleId);
  console.log(
    `${path.basename(file)}: busy stretches (s from the start): ${stretches.map(([a, b], i) => `${i}: ${a}-${b}`).join(', ')}`,
  );
  const window = stretchArg ? stretches[Number(stretchArg.slice('--stretch='.length))] : undefined;
  if (stretchArg && !window) throw new Error(`${file} has no stretch ${stretchArg}`);
  const kept = samplesKept(profile, parentOf, byNode);
  let t = 0;
  for (const [i, id] of profile.samples.entries()) {
    const micros = profile.timeDeltas[i] ?? 0;
    t += micros;
    if (window && (t < window[0] * 1e6 || t >= window[1] * 1e6)) continue;
    if (!kept(i)) continue;
    all += micros;
    if (id === idleId) idleMicros += micros;
    const keys = new Set<string>();
    for (
      let node: number | undefined = id;
      node !== undefined;
      node = inclusive ? parentOf.get(node) : undefined
    ) {
      const frame = byNode.get(node)!.callFrame;
      // A profile taken through the inspector (bench:chain) ends with the profiler's own stop, sampled as
      // `dispatch`: not the work measured.
      if (frame.functionName === 'dispatch' && !frame.url) break;
      if (frame.functionName === '(root)') continue;
      keys.add(keyOf(frame));
    }
    for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + micros);
  }
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 25));
// The shares of the busy time too: a profile of a whole run is mostly idle, and the work is what matters.
const busy = all - idleMicros;
console.log(
  `${inclusive ? 'total' : 'self'} time of ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${files.length} file(s): ${(busy / 1e3 / files.length).toFixed(0)} ms busy each); share of all, of busy`,
);
for (const [key, micros] of top) {
  const ofBusy = key === '(idle)' ? '' : `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(`${((100 * micros) / all).toFixed(1).padStart(5)}% ${ofBusy.padStart(6)}  ${key}`);
}
