// Page weight of every route: the JavaScript a first visit downloads (as sent, gzip) and, for the home
// page, the largest image. Needs a build (npx next build). Writes the figures into README.md.
//   node bench/page-weight.mjs
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { startBenchSite } from './site.mjs';

const ROUTES = ['/', '/login', '/signup', '/verifyRequest', '/products', '/error', '/dev/mailbox'];
const BUDGET_KB = 150;

const { url, stop } = await startBenchSite('localhost');

try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows = [];
  let largestImage = { url: '', bytes: 0 };
  for (const route of ROUTES) {
    // A fresh context: nothing cached, as for a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    const document = await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
    // First-load JavaScript is what the page's HTML asks for; chunks prefetched later for linked pages
    // are not part of it.
    const html = (await document?.text()) ?? '';
    const firstLoad = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], url).toString()));
    let js = 0;
    for (const response of responses) {
      const type = response.request().resourceType();
      const { responseBodySize } = await response.request().sizes();
      if (type === 'script' && firstLoad.has(response.url())) js += responseBodySize;
      if (route === '/' && type === 'image' && responseBodySize > largestImage.bytes) largestImage = { url: response.url(), bytes: responseBodySize };
    }
    rows.push({ route, kb: Math.round(js / 102.4) / 10 });
    await context.close();
  }
  await browser.close();

  const stamp = new Date().toISOString().slice(0, 10);
  const imageName = decodeURIComponent(new URL(largestImage.url).searchParams.get('url') ?? new URL(largestImage.url).pathname);
  const table = [
    '<!-- weight:start -->',
    `First-load JavaScript per route, as sent (gzip), in a fresh browser at 1280 px (${stamp}, \`node bench/page-weight.mjs\`); budget ${BUDGET_KB} KB:`,
    '',
    '| route | JavaScript |',
    '|---|---|',
    ...rows.map((r) => `| ${r.route} | ${r.kb} KB${r.kb > BUDGET_KB ? ' (over budget)' : ''} |`),
    '',
    `Largest image of the home page: ${imageName} at ${Math.round(largestImage.bytes / 102.4) / 10} KB.`,
    '<!-- weight:end -->',
  ].join('\n');
  const readme = fs.readFileSync('README.md', 'utf8');
  fs.writeFileSync('README.md', readme.replace(/<!-- weight:start -->[\s\S]*<!-- weight:end -->/, table));
  console.log(table);
} finally {
  stop();
}
