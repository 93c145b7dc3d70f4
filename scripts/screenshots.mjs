// Screenshots of pages at the widths we design for, to look at what we build:
//   node scripts/screenshots.mjs http://localhost:3000 /login /signup -- out-dir
import { chromium } from '@playwright/test';

const [base, ...rest] = process.argv.slice(2);
const split = rest.indexOf('--');
const paths = split === -1 ? rest : rest.slice(0, split);
const outDir = split === -1 ? 'screenshots' : rest[split + 1];
const widths = (process.env.WIDTHS ?? '375,800,1280').split(',').map(Number);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths) {
    await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
    const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
