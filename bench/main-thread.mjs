// What a page's first load keeps the browser's main thread busy with: every task of 50 ms or more (the ones
// Total Blocking Time counts) and what ran inside it (a script's evaluation, a function call, style, layout,
// garbage collection), from a Chromium performance trace with the CPU slowed as the Lighthouse bench slows it.
// Signed-out pages only. Needs a build (npx next build).
//   node bench/main-thread.mjs /no-such-page / /products      the pages to trace (paths)
//   --cpu=4.5      the CPU slowdown (default 4.5, the Lighthouse bench's on a quiet host of this kind)
//   --runs=3       loads per page; the table shows each run's blocking time and the tasks of the last
import os from 'node:os';
import { chromium } from '@playwright/test';
import { startPagesSite } from './visitor-pages.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const cpu = option('cpu', 4.5);
const runs = option('runs', 3);
const paths = args.filter((a) => !a.startsWith('--'));
if (!paths.length) paths.push('/no-such-page', '/', '/products');

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

/** The renderer's main-thread events of the trace, complete ones (ph X) with their children nested. */
function mainThreadTree(events, pageUrl) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML' && x.args?.beginData?.url?.startsWith(pageUrl)));
  if (!main) throw new Error('no renderer main thread in the trace');
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots = [];
  const stack = [];
  for (const event of own) {
    const node = { event, children: [] };
    while (stack.length && stack.at(-1).event.ts + stack.at(-1).event.dur <= event.ts) stack.pop();
    (stack.length ? stack.at(-1).children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/_next\/static\/chunks\//, '') : '');

/** What one event is, in a line: its name and the script or function it ran. */
function label({ event }) {
  const d = event.args?.data ?? event.args?.beginData ?? {};
  if (event.name === 'EvaluateScript') return `evaluate ${short(d.url)}`;
  if (event.name === 'FunctionCall') return `call ${d.functionName || '(anonymous)'} ${short(d.url)}`;
  if (event.name === 'v8.compile' || event.name === 'v8.compileModule') return `compile ${short(event.args?.fileName ?? d.url)}`;
  if (event.name === 'TimerFire') return 'timer';
  if (event.name === 'EventDispatch') return `event ${d.type}`;
  return event.name;
}

/** The work inside a task, by kind, largest first (children of its top event, flattened one level below RunTask). */
function breakdown(task) {
  const parts = new Map();
  const walk = (node, depth) => {
    const interesting = ['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'ParseAuthorStyleSheet', 'FireAnimationFrame', 'HitTest', 'PrePaint', 'Layerize'];
    if (depth > 0 && interesting.includes(node.event.name)) {
      const key = label(node);
      parts.set(key, (parts.get(key) ?? 0) + node.event.dur / 1000);
      if (node.event.name !== 'RunMicrotasks' && node.event.name !== 'TimerFire') return;
    }
    for (const child of node.children) walk(child, depth + 1);
  };
  walk(task, 0);
  // A task with none of the above: its own events, whatever they are.
  if (!parts.size) for (const child of task.children) parts.set(child.event.name, (parts.get(child.event.name) ?? 0) + child.event.dur / 1000);
  return [...parts].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 2).map(([what, ms]) => `${what} ${Math.round(ms)} ms`);
}

/** The functions that took most of a task's time (self time, from the JavaScript sampling profile). */
function hottest(profile, task) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < task.ts || at > task.ts + task.dur) return;
    const { functionName, url: script, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${short(script)}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([what, ms]) => `${what} ${Math.round(ms)} ms`);
}

const profiled = args.includes('--profile');
const { url, stop } = await startPagesSite();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const path of paths) {
    const blocking = [];
    let last;
    for (let run = 1; run <= runs; run++) {
      // A phone's viewport and a fresh context: nothing cached, as for a first visit.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      const chunks = [];
      cdp.on('Tracing.dataCollected', ({ value }) => chunks.push(...value));
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
      await page.goto(`${url}${path}`, { waitUntil: 'load' });
      // Quiet for a while after load: effects, idle callbacks and late chunks have run.
      await page.waitForTimeout(3000);
      const hydration = await page.evaluate(() => performance.getEntriesByName('Next.js-hydration')[0]?.duration ?? null);
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.send('Tracing.end');
      await done;
      await context.close();
      const tasks = mainThreadTree(chunks, `${url}${path}`).filter((n) => n.event.name === 'RunTask' || n.event.name === 'ThreadControllerImpl::RunTask');
      const long = tasks.filter((n) => n.event.dur >= 50_000);
      const tbt = long.reduce((sum, n) => sum + n.event.dur / 1000 - 50, 0);
      blocking.push({ tbt: Math.round(tbt), tasks: long.length, hydration: hydration === null ? null : Math.round(hydration) });
      last = long.map((task) => Object.assign(task, { functions: hottest(profile, task.event) }));
    }
    console.log(`\n${path} at ${cpu}x, load ${os.loadavg()[0].toFixed(1)}: blocking time (tasks >= 50 ms, minus 50 each) per run ${blocking.map((b) => `${b.tbt} ms in ${b.tasks} tasks (Next.js-hydration measure ${b.hydration} ms)`).join('; ')}`);
    for (const task of last) {
      console.log(`  task ${Math.round(task.event.dur / 1000)} ms: ${breakdown(task).join(', ')}`);
      if (profiled) console.log(`    hottest: ${task.functions.join(', ')}`);
    }
  }
} finally {
  await browser.close();
  stop();
}
