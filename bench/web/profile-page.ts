/**
 * Where a page's main-thread time goes, at a fixed CPU throttling (issue 19, item 2; decisions §86, §88).
 * Signs a demo member in with Chromium (playwright-core), opens the page in a fresh tab with a CDP session
 * (`Emulation.setCPUThrottlingRate` 4, `Profiler.start`, load, network idle + 3 s, `Profiler.stop`), maps
 * each sample's frames to the original sources through the build's source maps (node:module `SourceMap`)
 * and ranks self and inclusive time by source file, package and function. Long tasks (> 50 ms) come from a
 * `PerformanceObserver` in the page; "TBT-like" is their sum of (duration - 50 ms), as Lighthouse sums
 * blocking time (but measured, not simulated, and over the whole window, not FCP to TTI).
 *
 * Needs a build with source maps (`cd apps/web && npx vite build --sourcemap`, then copy `dist` aside):
 *   WEB_DIST=/tmp/dist-sm npx tsx bench/web/profile-page.ts            # starts the app on a database of its own
 *   PROFILE_URL=http://127.0.0.1:3970 npx tsx bench/web/profile-page.ts # or profiles an app already running
 * Knobs: PROFILE_PAGE (default `/#/pages/home/home`), PROFILE_RUNS (3), PROFILE_RATE (4), PROFILE_TOP (25),
 * PROFILE_JSON=<file> (every run's tables as JSON), PROFILE_SAVE=<dir> (the raw `.cpuprofile`s, for DevTools),
 * PROFILE_CALLERS=<regex> (the stacks under the functions it matches), PROFILE_STRETCH_TOP (6: app frames
 * listed for each busy stretch over 50 ms, the samples' own long tasks), PROFILE_SIGNED_OUT=1 (nobody signs in
 * first; the page defaults to the login page),
 * BENCH_MEMBER (alice01).
 * The figures are CPU time at a fixed throttling, so they move much less with the host's load than
 * Lighthouse's; still give the load average beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { BrowserContext } from 'playwright-core';
import { openPhoneSession } from './phone-session';
import { type CpuProfile, type Place, packageOf, placeOf } from './source-places';

/** PROFILE_SIGNED_OUT=1: no member signs in first (a new visitor: the login page by default). */
const SIGNED_OUT = process.env.PROFILE_SIGNED_OUT === '1';
const PAGE = process.env.PROFILE_PAGE ?? (SIGNED_OUT ? '/#/pages/login/login' : '/#/pages/home/home');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const RATE = Number(process.env.PROFILE_RATE ?? 4);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const STRETCH_TOP = Number(process.env.PROFILE_STRETCH_TOP ?? 6);
const CALLERS = process.env.PROFILE_CALLERS ? new RegExp(process.env.PROFILE_CALLERS) : undefined;
const MEMBER = process.env.BENCH_MEMBER ?? 'alice01';
const progress = (text: string) => process.stderr.write(`${text}\n`);

interface Figures {
  /** Sampled ms by kind: JS, (program), (garbage collector), (idle). */
  totals: Record<string, number>;
  busyMs: number;
  longTasks: number[];
  blockingMs: number;
  selfByFile: Map<string, number>;
  selfByPackage: Map<string, number>;
  selfByFunction: Map<string, number>;
  inclusiveByFile: Map<string, number>;
  inclusiveByFunction: Map<string, number>;
  /** Busy time by the nearest frame of the app's own code (`src/`) on the stack: what the app asked for. */
  byAppFunction: Map<string, number>;
  /** The long tasks as `start+duration` ms from navigation start. */
  taskText?: string;
  /** Busy ms per half second since the profile started: when the work happens. */
  timeline: number[];
  /** PROFILE_CALLERS=<regex>: the stacks (five frames up) under which matching functions spent their self time. */
  callers: Map<string, number>;
  /** Busy stretches of the samples (no idle sample between) over 50 ms, with their busy time by app frame. */
  stretches: Stretch[];
}

interface Stretch {
  startMs: number;
  busyMs: number;
  byAppFunction: Map<string, number>;
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

async function analyse(profile: CpuProfile, longTasks: number[]): Promise<Figures> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const places = new Map<number, Place>();
  for (const n of profile.nodes) places.set(n.id, await placeOf(n.callFrame));

  const f: Figures = {
    totals: {},
    busyMs: 0,
    longTasks,
    blockingMs: longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    selfByFile: new Map(),
    selfByPackage: new Map(),
    selfByFunction: new Map(),
    inclusiveByFile: new Map(),
    inclusiveByFunction: new Map(),
    callers: new Map(),
    byAppFunction: new Map(),
    timeline: [],
    stretches: [],
  };
  let clock = 0;
  let stretch: Stretch | undefined;
  // A sample's time is the gap to the next sample (the last one gets none).
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    const id = profile.samples[i] as number;
    const node = byId.get(id);
    const place = places.get(id);
    if (!node || !place) continue;
    const name = node.callFrame.functionName;
    const kind = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : 'JS';
    f.totals[kind] = (f.totals[kind] ?? 0) + ms;
    if (kind === '(idle)') {
      if (stretch && stretch.busyMs > 50) f.stretches.push(stretch);
      stretch = undefined;
      continue;
    }
    stretch ??= { startMs: clock, busyMs: 0, byAppFunction: new Map() };
    stretch.busyMs += ms;
    f.busyMs += ms;
    const slot = Math.floor(clock / 500);
    while (f.timeline.length <= slot) f.timeline.push(0);
    f.timeline[slot] = (f.timeline[slot] ?? 0) + ms;
    add(f.selfByFile, place.file, ms);
    add(f.selfByPackage, packageOf(place.file), ms);
    add(f.selfByFunction, place.fn, ms);
    const files = new Set<string>();
    const fns = new Set<string>();
    let app: string | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const p = places.get(at);
      if (!p || p.file === '(root)') continue;
      files.add(p.file);
      fns.add(p.fn);
      if (!app && (p.file.startsWith('src/') || p.file.startsWith('assets/'))) app = p.fn;
    }
    add(f.byAppFunction, app ?? `(no app frame) ${place.fn}`, ms);
    add(stretch.byAppFunction, app ?? `(no app frame) ${place.fn}`, ms);
    for (const k of files) add(f.inclusiveByFile, k, ms);
    for (const k of fns) add(f.inclusiveByFunction, k, ms);
    if (CALLERS?.test(place.fn)) {
      const stack: string[] = [];
      for (let at: number | undefined = id; at !== undefined && stack.length < 6; at = parent.get(at)) {
        const p = places.get(at);
        if (p && p.file !== '(root)') stack.push(p.fn);
      }
      add(f.callers, stack.join('\n             <- '), ms);
    }
  }
  if (stretch && stretch.busyMs > 50) f.stretches.push(stretch);
  return f;
}

async function profileOnce(context: BrowserContext, url: string): Promise<Figures> {
  const page = await context.newPage();
  // A string, not a function: tsx's helpers (`__name`) do not exist in the page.
  await page.addInitScript(`
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  `);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const tasks = (await page.evaluate('window.__longTasks')) as number[][];
  const longTasks = tasks.map(([, duration]) => duration as number);
  const taskText = tasks
    .map(([start, duration]) => `${Math.round(start ?? 0)}+${Math.round(duration ?? 0)}`)
    .join(' ');
  if (process.env.PROFILE_SAVE) {
    mkdirSync(process.env.PROFILE_SAVE, { recursive: true });
    writeFileSync(`${process.env.PROFILE_SAVE}/run-${Date.now()}.cpuprofile`, JSON.stringify(profile));
  }
  await cdp.detach();
  await page.close();
  const figures = await analyse(profile, longTasks);
  figures.taskText = taskText;
  return figures;
}

const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
function table(title: string, m: Map<string, number>, busy: number): void {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${ms(v).padStart(10)} ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const session = await openPhoneSession({
    url: process.env.PROFILE_URL,
    member: SIGNED_OUT ? undefined : MEMBER,
    databasePrefix: 'bench_profile',
    progress,
  });
  try {
    const { base, context } = session;
    const runs: Figures[] = [];
    const load = [loadavg()[0] ?? 0];
    for (let i = 0; i < RUNS; i++) {
      progress(`run ${i + 1} of ${RUNS}…`);
      runs.push(await profileOnce(context, `${base}${PAGE}`));
      load.push(loadavg()[0] ?? 0);
    }
    console.log(
      `${PAGE} at ${RATE}x CPU throttling, ${RUNS} runs; load average (1 min) ${load.map((l) => l.toFixed(1)).join(' -> ')}`,
    );
    console.log('run  busy ms   JS ms  program  GC ms  long tasks  longest  TBT-like');
    runs.forEach((r, i) => {
      console.log(
        [
          String(i + 1).padEnd(3),
          Math.round(r.busyMs).toString().padStart(7),
          Math.round(r.totals.JS ?? 0)
            .toString()
            .padStart(7),
          Math.round(r.totals['(program)'] ?? 0)
            .toString()
            .padStart(8),
          Math.round(r.totals['(garbage collector)'] ?? 0)
            .toString()
            .padStart(6),
          String(r.longTasks.length).padStart(11),
          Math.round(Math.max(0, ...r.longTasks))
            .toString()
            .padStart(8),
          Math.round(r.blockingMs).toString().padStart(9),
        ].join(' '),
      );
    });
    console.log(
      `median: busy ${ms(median(runs.map((r) => r.busyMs)))}, JS ${ms(median(runs.map((r) => r.totals.JS ?? 0)))}, ` +
        `long tasks ${median(runs.map((r) => r.longTasks.length))}, TBT-like ${ms(median(runs.map((r) => r.blockingMs)))}`,
    );
    // The tables: the run with the median busy time.
    const mid = [...runs].sort((a, b) => a.busyMs - b.busyMs)[Math.floor((runs.length - 1) / 2)] as Figures;
    console.log(
      `busy ms per 500 ms from the start of the load (median run): ${mid.timeline.map((v) => Math.round(v)).join(' ')}`,
    );
    console.log(`long tasks, start+duration ms (median run): ${mid.taskText}`);
    console.log(`\nTables from the median run (busy ${ms(mid.busyMs)}; % of busy time)`);
    table('self time by package', mid.selfByPackage, mid.busyMs);
    table('self time by source file', mid.selfByFile, mid.busyMs);
    table('inclusive time by source file', mid.inclusiveByFile, mid.busyMs);
    table('self time by function', mid.selfByFunction, mid.busyMs);
    table('inclusive time by function', mid.inclusiveByFunction, mid.busyMs);
    table(
      "busy time by the nearest app frame (src/, or a chunk's top level: module evaluation)",
      mid.byAppFunction,
      mid.busyMs,
    );
    if (CALLERS) table(`stacks under ${CALLERS}`, mid.callers, mid.busyMs);
    console.log(
      '\nbusy stretches over 50 ms (no idle sample between; ms from the profile start), median run, top app frames:',
    );
    for (const s of mid.stretches) {
      const top = [...s.byAppFunction].sort((a, b) => b[1] - a[1]).slice(0, STRETCH_TOP);
      console.log(`  ${Math.round(s.startMs)}+${Math.round(s.busyMs)}`);
      for (const [k, v] of top) console.log(`    ${ms(v).padStart(8)}  ${k}`);
    }
    if (process.env.PROFILE_JSON) {
      const plain = runs.map((r) => ({
        ...r,
        selfByFile: Object.fromEntries(r.selfByFile),
        selfByPackage: Object.fromEntries(r.selfByPackage),
        selfByFunction: Object.fromEntries(r.selfByFunction),
        inclusiveByFile: Object.fromEntries(r.inclusiveByFile),
        inclusiveByFunction: Object.fromEntries(r.inclusiveByFunction),
        byAppFunction: Object.fromEntries(r.byAppFunction),
        callers: Object.fromEntries(r.callers),
        stretches: r.stretches.map((x) => ({ ...x, byAppFunction: Object.fromEntries(x.byAppFunction) })),
      }));
      writeFileSync(
        process.env.PROFILE_JSON,
        JSON.stringify({ page: PAGE, rate: RATE, load, runs: plain }, null, 1),
      );
    }
  } finally {
    await session.close();
  }
}

await main();
