// Lighthouse 12 (its default: a mobile phone, simulated slow 4G and CPU) over every visitor and member page
// (bench/visitor-pages.mjs), signed in where a page needs a member: medians of 3 runs per page, written into
// README.md. Needs a build (npx next build), Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and, once, the
// npm registry: Lighthouse is installed on first use into a folder of its own (LIGHTHOUSE_DIR), not with the
// project, so `npm install` and CI stay lean.
// The CPU as on a slower host (decision 0058): Lighthouse's preset slows the host's CPU 4x, whatever the
// host, and the goal holds on hosts whose Lighthouse CPU benchmark index is about 2,300. Each run is
// therefore slowed 4 x index / 2,300, with the index Lighthouse measured on the host in the run before (a
// first, uncounted run of / gives the first): a fast, quiet host is slowed more than 4x; a host busy with
// other work (its index falls as its load rises) less, down to 1x, since the contention already slows it.
//   node bench/lighthouse.mjs                       every page, 3 runs each, as on a host of index 2,300; README updated
//   node bench/lighthouse.mjs /products --runs=1    some pages (a name, or its start: /products, /gift-cards); README untouched
//   --cpu-index=N     measure as on a host of index N instead of 2,300
//   --multiplier=X    this CPU slowdown for every run, no calibration
//   --preset          Lighthouse's plain preset (4x, whatever the host)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGES, preparePages, startPagesSite } from './visitor-pages.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';
const lighthouseRoot = process.env.LIGHTHOUSE_DIR ?? path.join(os.tmpdir(), 'skypass-lighthouse');

/** Lighthouse and its chrome-launcher, installed into lighthouseRoot on first use. */
async function loadLighthouse() {
  const modules = path.join(lighthouseRoot, 'node_modules');
  if (!fs.existsSync(path.join(modules, 'lighthouse', 'package.json'))) {
    fs.mkdirSync(lighthouseRoot, { recursive: true });
    execFileSync('npm', ['install', '--prefix', lighthouseRoot, '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' });
  }
  const load = (name, entry) => import(pathToFileURL(path.join(modules, name, entry)).href);
  return { lighthouse: (await load('lighthouse', 'core/index.js')).default, chromeLauncher: await load('chrome-launcher', 'dist/index.js') };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOAL = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.02 };

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
const only = args.filter((a) => !a.startsWith('--'));
const pages = only.length ? PAGES.filter((p) => only.some((o) => p.name === o || p.name.startsWith(`${o} `) || p.name.startsWith(`${o}/`))) : PAGES;
const PRESET_SLOWDOWN = 4;
const TARGET_INDEX = Number(option('cpu-index') ?? 2300);
const preset = args.includes('--preset');
const complete = pages.length === PAGES.length && runs === 3 && !preset && !option('multiplier') && TARGET_INDEX === 2300;

/** The CPU slowdown as the README's table says it. */
const cpuLine = (mode, used) =>
  mode === 'tracking'
    ? `the CPU slowed 4 x the host's index / ${TARGET_INDEX} (the index of the run before: as Lighthouse's 4x on a host of index ${TARGET_INDEX}), ${Math.min(...used)}x to ${Math.max(...used)}x (column CPU: the median of a page's runs)`
    : `the CPU slowed ${used[0]}x${mode === 'preset' ? " (Lighthouse's preset)" : ''}`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { lighthouse, chromeLauncher } = await loadLighthouse();
const { url, stop } = await startPagesSite();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
const stamp = new Date().toISOString();
const outDir = `bench/results/lighthouse-${stamp.replace(/[:.]/g, '-')}`;
fs.mkdirSync(outDir, { recursive: true });

/** One Lighthouse run of `target`; `cookie` is the member's, when the page needs one. */
async function measure(target, cookie, cpuSlowdownMultiplier, status = 200) {
  const { lhr } = await lighthouse(target, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Merged into the preset's throttling (slow 4G stays as it is).
    throttling: { cpuSlowdownMultiplier },
    // Lighthouse's own list plus cookies: a cookie an earlier run left (next-auth's csrf cookie) would
    // replace the member's Cookie header below.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'cookies'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    // The 404 page is measured as it is answered, with its 404.
    ignoreStatusCode: status !== 200,
  });
  if (lhr.runtimeError) throw new Error(`${target}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** The CPU slowdown of each run: fixed (--preset, --multiplier) or tracking the host's index (see the top). */
async function cpuSlowdown() {
  if (preset || option('multiplier')) {
    const fixed = preset ? PRESET_SLOWDOWN : Number(option('multiplier'));
    return { mode: preset ? 'preset' : 'fixed', next: () => fixed, observe: () => undefined };
  }
  const forIndex = (index) => Math.max(1, Math.round((PRESET_SLOWDOWN * index * 10) / TARGET_INDEX) / 10);
  const { environment } = await measure(`${url}/`, undefined, PRESET_SLOWDOWN);
  let multiplier = forIndex(environment.benchmarkIndex);
  console.log(`CPU slowdown: 4 x index / ${TARGET_INDEX}; first ${multiplier}x (the host's index ${Math.round(environment.benchmarkIndex)})`);
  return { mode: 'tracking', next: () => multiplier, observe: (index) => (multiplier = forIndex(index)) };
}

try {
  const { clients, fixtures } = await preparePages(url);
  const slowdown = await cpuSlowdown();
  // Every run's slowdown, for the table.
  const multipliers = [];

  const rows = [];
  // The machine's load beside the figures: TBT grows with it (the CPU work is measured, then multiplied).
  const loads = [os.loadavg()[0]];
  // Lighthouse's CPU benchmark of the host, each run (DevTools' calibration calls 1000 a mid-tier phone).
  const benchmarkIndexes = [];
  let environment;
  for (const page of pages) {
    const target = `${url}${page.path(fixtures)}`;
    const results = [];
    const runMultipliers = [];
    for (let i = 1; i <= runs; i++) {
      const multiplier = slowdown.next();
      const lhr = await measure(target, page.as ? clients[page.as].cookieHeader() : undefined, multiplier, page.status);
      slowdown.observe(lhr.environment.benchmarkIndex);
      multipliers.push(multiplier);
      runMultipliers.push(multiplier);
      // A signed-out member would be measured on /login instead.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(target).pathname) throw new Error(`${page.name} ended on ${lhr.finalDisplayedUrl}`);
      if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== multiplier) throw new Error(`${page.name}: measured at ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x`);
      fs.writeFileSync(`${outDir}/${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i}.json`, JSON.stringify(lhr));
      environment = { lighthouse: lhr.lighthouseVersion, chromium: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] };
      results.push(lhr);
      loads.push(os.loadavg()[0]);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    }
    const score = (id) => Math.round(median(results.map((r) => r.categories[id].score * 100)));
    const metric = (id) => median(results.map((r) => r.audits[id].numericValue));
    const row = {
      route: page.name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      cpu: median(runMultipliers),
      hostIndex: Math.round(median(results.map((r) => r.environment.benchmarkIndex))),
    };
    // What keeps a score from its goal: every audit that failed in any run, with its figure.
    const failed = new Map();
    for (const lhr of results) {
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < (id === 'performance' ? 0.9 : 1)) {
            failed.set(ref.id, `${id}: ${ref.id} ${audit.displayValue ?? ''} (score ${audit.score})`);
          }
        }
      }
    }
    row.failed = [...failed.values()];
    rows.push(row);
    console.log(JSON.stringify(row, null, 2));
  }

  const mark = (value, ok) => (ok ? `${value}` : `**${value}**`);
  const table = [
    '<!-- lighthouse:start -->',
    `Lighthouse ${environment.lighthouse} (its mobile preset: a phone at 412 px, simulated slow 4G) in Chromium ${environment.chromium}, ${cpuLine(slowdown.mode, multipliers)}, medians of ${runs} runs per page, embedded database, ${os.cpus().length} cores at a load average of ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}, Lighthouse's CPU benchmark index of the host ${Math.round(median(benchmarkIndexes))} (median of the runs; ${Math.round(Math.min(...benchmarkIndexes))} to ${Math.round(Math.max(...benchmarkIndexes))}) (${stamp.slice(0, 10)}, \`node bench/lighthouse.mjs\`). "(member)" and the member's pages signed in as a member who holds an annual pass, a paid booking to come and an open payment session (/checkout); /profile?claimPass as a member given a pass; 404 is /no-such-page (its SEO audit "successful HTTP status code" fails by design). Below the goal (performance 95, the others 100, CLS 0.02) in bold:`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | CPU |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      [
        '',
        r.route,
        mark(r.performance, r.performance >= GOAL.performance),
        mark(r.accessibility, r.accessibility >= GOAL.accessibility),
        mark(r['best-practices'], r['best-practices'] >= GOAL['best-practices']),
        mark(r.seo, r.seo >= GOAL.seo),
        `${(r.lcpMs / 1000).toFixed(1)} s`,
        `${r.tbtMs} ms`,
        mark(r.cls.toFixed(3), r.cls <= GOAL.cls),
        `${r.cpu}x`,
        '',
      ].join(' | ').trim(),
    ),
    '<!-- lighthouse:end -->',
  ].join('\n');
  console.log(table);
  fs.writeFileSync(`${outDir}/summary.json`, JSON.stringify({ stamp, environment, runs, cpu: { mode: slowdown.mode, multipliers }, loads, benchmarkIndexes, rows }, null, 2));
  if (complete) {
    const readme = fs.readFileSync('README.md', 'utf8');
    fs.writeFileSync(
      'README.md',
      readme.includes('<!-- lighthouse:start -->')
        ? readme.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, table)
        : readme.replace('<!-- weight:start -->', `${table}\n\n<!-- weight:start -->`),
    );
  }
} finally {
  await chrome.kill();
  stop();
}
