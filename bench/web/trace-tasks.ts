/**
 * What each long task of a page's load is made of, from a Chromium performance trace at a fixed CPU
 * throttling (issue 19, item 2). Lighthouse's total blocking time sums each task's time over 50 ms, so a
 * long task's parts say what to split or defer; the sampling profile (profile-page.ts) cannot see task
 * boundaries. Signs a demo member in (unless TRACE_SIGNED_OUT=1), opens the page in a fresh tab, traces
 * the load until network idle + 3 s, and prints every main-thread task over 50 ms with its top-level
 * events: script evaluations by file, timers, React's scheduler messages, style, layout, paint, GC.
 *   WEB_DIST=/tmp/dist npx tsx bench/web/trace-tasks.ts      # starts the app on a database of its own
 *   TRACE_URL=http://127.0.0.1:3970 npx tsx bench/web/trace-tasks.ts
 * Under each task's events, its profiler samples by the nearest frame of the app's code, through the source
 * maps: a build with them is needed for names (`cd apps/web && npx vite build --sourcemap`, copy `dist` aside).
 * Knobs: TRACE_PAGE (default `/#/pages/home/home`), TRACE_RUNS (3), TRACE_RATE (4), TRACE_FRAMES (6),
 * TRACE_LONG_MS (50), BENCH_MEMBER (alice01). Lighthouse's own view is `TRACE_RATE=1 TRACE_LONG_MS=12.5`:
 * it loads at full speed and multiplies each observed task by four, so a task over 12.5 ms counts.
 */
import { loadavg } from 'node:os';
import type { BrowserContext } from 'playwright-core';
import { openPhoneSession } from './phone-session';
import { type CallFrame, type Place, placeOf } from './source-places';

const SIGNED_OUT = process.env.TRACE_SIGNED_OUT === '1';
const PAGE = process.env.TRACE_PAGE ?? (SIGNED_OUT ? '/#/pages/login/login' : '/#/pages/home/home');
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const RATE = Number(process.env.TRACE_RATE ?? 4);
const MEMBER = process.env.BENCH_MEMBER ?? 'alice01';
/** Sampled app frames listed under each task. */
const FRAMES = Number(process.env.TRACE_FRAMES ?? 6);
/** A task longer than this is listed, and its time beyond it counted as blocking. */
const LONG_MS = Number(process.env.TRACE_LONG_MS ?? 50);
const progress = (text: string) => process.stderr.write(`${text}\n`);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** The sampling profiler's chunks in the trace (category `disabled-by-default-v8.cpu_profiler`). */
interface ProfileChunkData {
  cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: CallFrame }[]; samples?: number[] };
  timeDeltas?: number[];
}

/** A task's top-level event: `RunTask`, or the thread controller's in newer Chromium. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

interface Task {
  startMs: number;
  durMs: number;
  parts: Map<string, number>;
  /** Sampled ms by the nearest frame of the app's own code (src/, or a chunk's top level). */
  byAppFrame: Map<string, number>;
  startTs: number;
  endTs: number;
}

/** A top-level event's label: what ran (a script's file, a function's file, or the event's own name). */
function labelOf(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = String(data.url ?? data.scriptName ?? '').replace(/^https?:\/\/[^/]+\//, '');
  const fn = String(data.functionName ?? '');
  if (event.name === 'FunctionCall') return `call ${fn || '(anonymous)'} ${url}`.trim();
  if (url) return `${event.name} ${url}`;
  return event.name;
}

/** The tasks over LONG_MS of the renderer's main thread and their parts (the first level of events under each). */
async function longTasks(events: TraceEvent[], origin: string): Promise<Task[]> {
  // The renderer's main thread that did the most work among those that navigated to the app: a navigation
  // may start a new renderer process, and at full speed Chromium's own pages (the omnibox's) can be busier.
  const appProcesses = new Set(
    events
      .filter(
        (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL).startsWith(origin),
      )
      .map((e) => e.pid),
  );
  const mains = events.filter(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      (appProcesses.size === 0 || appProcesses.has(e.pid)),
  );
  const busy = (t: TraceEvent) =>
    events.reduce(
      (sum, e) => (e.pid === t.pid && e.tid === t.tid && TASK_NAMES.has(e.name) ? sum + (e.dur ?? 0) : sum),
      0,
    );
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return [];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navigation =
    events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? onMain[0]?.ts ?? 0;
  const tasks: Task[] = [];
  let task: { event: TraceEvent; parts: Map<string, number>; childEnd: number } | undefined;
  const close = () => {
    if (task?.event.dur && task.event.dur > LONG_MS * 1000) {
      tasks.push({
        startMs: (task.event.ts - navigation) / 1000,
        durMs: task.event.dur / 1000,
        parts: task.parts,
        byAppFrame: new Map(),
        startTs: task.event.ts,
        endTs: task.event.ts + task.event.dur,
      });
    }
  };
  for (const event of onMain) {
    const inTask = task !== undefined && event.ts < task.event.ts + (task.event.dur ?? 0);
    if (TASK_NAMES.has(event.name)) {
      // A task's event nested in another's (RunTask under the thread controller's) is part of the outer one.
      if (inTask) continue;
      close();
      task = { event, parts: new Map(), childEnd: event.ts };
      continue;
    }
    // Only the first level under the task: a child that starts after the previous child ended.
    if (!task || !inTask || event.ts < task.childEnd) continue;
    task.childEnd = event.ts + (event.dur ?? 0);
    const label = labelOf(event);
    task.parts.set(label, (task.parts.get(label) ?? 0) + (event.dur ?? 0) / 1000);
  }
  close();
  await attributeSamples(events, main, tasks);
  return tasks;
}

/** Adds each task's profiler samples, by their nearest app frame (as profile-page.ts's stretches). */
async function attributeSamples(events: TraceEvent[], main: TraceEvent, tasks: Task[]): Promise<void> {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  if (!profile) return;
  const frames = new Map<number, { parent?: number; place: Place }>();
  let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  const samples: { ts: number; node: number }[] = [];
  for (const chunk of events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id,
  )) {
    const data = chunk.args?.data as ProfileChunkData | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      frames.set(node.id, { parent: node.parent, place: await placeOf(node.callFrame) });
    }
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((node, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  samples.forEach((sample, i) => {
    const task = tasks.find((t) => sample.ts >= t.startTs && sample.ts < t.endTs);
    const next = samples[i + 1];
    if (!task || !next) return;
    let app: string | undefined;
    for (let at: number | undefined = sample.node; at !== undefined && !app; at = frames.get(at)?.parent) {
      const place = frames.get(at)?.place;
      if (place && (place.file.startsWith('src/') || place.file.startsWith('assets/'))) app = place.fn;
    }
    const label = app ?? `(no app frame) ${frames.get(sample.node)?.place.fn ?? '?'}`;
    task.byAppFrame.set(label, (task.byAppFrame.get(label) ?? 0) + (next.ts - sample.ts) / 1000);
  });
}

async function traceOnce(context: BrowserContext, url: string): Promise<Task[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => {
    events.push(...(message.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
        '__metadata',
      ],
    },
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  await page.close();
  return await longTasks(events, new URL(url).origin);
}

async function main(): Promise<void> {
  const session = await openPhoneSession({
    url: process.env.TRACE_URL,
    member: SIGNED_OUT ? undefined : MEMBER,
    databasePrefix: 'bench_trace',
    progress,
  });
  try {
    const { base, context } = session;
    for (let i = 0; i < RUNS; i++) {
      const tasks = await traceOnce(context, `${base}${PAGE}`);
      const blocking = tasks.reduce((sum, t) => sum + t.durMs - LONG_MS, 0);
      console.log(
        `\nrun ${i + 1} of ${RUNS}, ${PAGE} at ${RATE}x: ${tasks.length} tasks over ${LONG_MS} ms, ` +
          `blocking ${Math.round(blocking)} ms; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
      );
      for (const t of tasks) {
        console.log(`  ${Math.round(t.startMs)}+${Math.round(t.durMs)} ms`);
        const parts = [...t.parts].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 2);
        for (const [label, ms] of parts.slice(0, 4))
          console.log(`    ${Math.round(ms).toString().padStart(5)}  ${label}`);
        const frames = [...t.byAppFrame].sort((a, b) => b[1] - a[1]).slice(0, FRAMES);
        for (const [label, ms] of frames)
          console.log(`          ${Math.round(ms).toString().padStart(5)}  ${label}`);
      }
    }
  } finally {
    await session.close();
  }
}

await main();
