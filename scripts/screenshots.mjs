// Screenshots of pages at the widths we design for, to look at what we build:
//   node scripts/screenshots.mjs http://localhost:3000 /login /signup -- out-dir
// SIGN_IN_AS=manager@skyline-tower.example first signs that address in through the demo's outbox (staff
// pages, /profile of a member who joined). FULL_PAGE=false keeps to the first screen.
import { chromium } from '@playwright/test';

async function signIn(context, email) {
  const { csrfToken } = await (await context.request.get(new URL('/api/auth/csrf', base).toString())).json();
  await context.request.post(new URL('/api/auth/signin/email', base).toString(), { form: { email, csrfToken, callbackUrl: '/', json: 'true' } });
  const [message] = await (await context.request.get(new URL(`/api/dev/outbox?to=${encodeURIComponent(email)}`, base).toString())).json();
  await context.request.get(message.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\S+/)[0]);
}

const [base, ...rest] = process.argv.slice(2);
const split = rest.indexOf('--');
const paths = split === -1 ? rest : rest.slice(0, split);
const outDir = split === -1 ? 'screenshots' : rest[split + 1];
const widths = (process.env.WIDTHS ?? '375,800,1280').split(',').map(Number);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext();
if (process.env.SIGN_IN_AS) await signIn(context, process.env.SIGN_IN_AS);
for (const width of widths) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths) {
    await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
    const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: process.env.FULL_PAGE !== 'false' });
  }
  await page.close();
}
await browser.close();
