// Page weight of every route: the JavaScript a first visit downloads (as sent, gzip) and, for the home
// page, the largest image. Needs a build (npx next build). Writes the figures into README.md.
//   node bench/page-weight.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ROUTES = ['/', '/login', '/signup', '/verifyRequest', '/products', '/error', '/dev/mailbox'];
const BUDGET_KB = 150;

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-weight-'));
const url = `http://localhost:${port}`;
const site = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
  env: { ...process.env, NODE_ENV: 'production', SKYPASS_DEMO: 'true', DATA_DIR: dataDir, NEXTAUTH_URL: url, NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'ignore',
});

try {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/auth/providers`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
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
  site.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
