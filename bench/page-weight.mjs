// Page weight of every visitor and member page (bench/visitor-pages.mjs): the JavaScript a first visit
// downloads (as sent, gzip) and, for the home page, the largest image. Needs a build (npx next build).
// Writes the figures into README.md when every page was measured.
//   node bench/page-weight.mjs                 every page
//   node bench/page-weight.mjs /gift-cards     some pages (a name, or its start); README untouched
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { PAGES, preparePages, startPagesSite } from './visitor-pages.mjs';

const BUDGET_KB = 150;
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const pages = only.length ? PAGES.filter((p) => only.some((o) => p.name === o || p.name.startsWith(`${o} `) || p.name.startsWith(`${o}/`))) : PAGES;

const { url, stop } = await startPagesSite();

/** A client's cookies as Playwright's, for a browser context that must be that member. */
const cookiesOf = (client) =>
  client
    .cookieHeader()
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });

try {
  const { clients, fixtures } = await preparePages(url);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows = [];
  const loads = [os.loadavg()[0]];
  let largestImage = { url: '', bytes: 0 };
  for (const visit of pages) {
    // A fresh context: nothing cached, as for a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (visit.as) await context.addCookies(cookiesOf(clients[visit.as]));
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    const document = await page.goto(`${url}${visit.path(fixtures)}`, { waitUntil: 'load' });
    // Then what loads late (lazy images); the on-sale's waiting room keeps its event stream open and never idles.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    if (document?.status() !== (visit.status ?? 200)) throw new Error(`${visit.name} answered ${document?.status()} on ${page.url()}`);
    // First-load JavaScript is what the page's HTML asks for; chunks prefetched later for linked pages
    // are not part of it.
    const html = (await document?.text()) ?? '';
    const firstLoad = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], url).toString()));
    let js = 0;
    for (const response of responses) {
      const type = response.request().resourceType();
      // Sizes are known once a body is whole: only the first load's scripts and the home page's images are asked
      // (an event stream's would never be).
      const script = type === 'script' && firstLoad.has(response.url());
      const homeImage = visit.name === '/' && type === 'image';
      if (!script && !homeImage) continue;
      const { responseBodySize } = await response.request().sizes();
      if (script) js += responseBodySize;
      else if (responseBodySize > largestImage.bytes) largestImage = { url: response.url(), bytes: responseBodySize };
    }
    rows.push({ page: visit.name, kb: Math.round(js / 102.4) / 10 });
    loads.push(os.loadavg()[0]);
    console.log(`${visit.name}: ${Math.round(js / 102.4) / 10} KB`);
    await context.close();
  }
  await browser.close();

  const stamp = new Date().toISOString().slice(0, 10);
  const imageName = largestImage.url ? decodeURIComponent(new URL(largestImage.url).searchParams.get('url') ?? new URL(largestImage.url).pathname) : '';
  const table = [
    '<!-- weight:start -->',
    `First-load JavaScript per page, as sent (gzip), in a fresh browser at 1280 px (${stamp}, \`node bench/page-weight.mjs\`, ${os.cpus().length} cores at a load average of ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}: bytes do not depend on the CPU); the same pages and member as the Lighthouse table; budget ${BUDGET_KB} KB:`,
    '',
    '| page | JavaScript |',
    '|---|---|',
    ...rows.map((r) => `| ${r.page} | ${r.kb} KB${r.kb > BUDGET_KB ? ' (over budget)' : ''} |`),
    '',
    `Largest image of the home page: ${imageName} at ${Math.round(largestImage.bytes / 102.4) / 10} KB.`,
    '<!-- weight:end -->',
  ].join('\n');
  console.log(table);
  if (pages.length === PAGES.length) {
    const readme = fs.readFileSync('README.md', 'utf8');
    fs.writeFileSync('README.md', readme.replace(/<!-- weight:start -->[\s\S]*<!-- weight:end -->/, table));
  }
} finally {
  stop();
}
