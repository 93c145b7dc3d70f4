// The box office: the time from the first tap to the QR on screen (issue #27 deliverable 2, decision 0053).
// A box-office user in Chromium (Playwright, CHROMIUM_PATH else /usr/bin/chromium) on /staff/sell with an open
// till sells two adult tickets for today, over and over: tap the product, tap + twice, tap the first slot with
// places, tap the exact cash amount, tap "Take … in cash and sell"; the clock runs from the first tap until
// every ticket's QR image is on screen. Medians and p95 over BENCH_SALES sales (default 20), at 1280 px and
// 375 px, on the embedded database. The site runs at one fixed instant (a Wednesday at 10:00 in New York,
// SKYPASS_CLOCK), so that today always has slots, whatever the real calendar says.
//   node bench/box-office.mjs          (needs a build: npx next build)
import { chromium } from '@playwright/test';
import { browserClient } from './client.mjs';
import { startBenchSite } from './site.mjs';

const SALES = Number(process.env.BENCH_SALES ?? 20);
const EMAIL = 'boxoffice@bench.example';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const site = await startBenchSite('127.0.0.1', { BOXOFFICE_EMAILS: EMAIL, SKYPASS_CLOCK: '2027-05-12T10:00:00-04:00', RATE_LIMIT_SIGNIN_PER_IP: '1000/15m', RATE_LIMIT_BOOK_PER_IP: '1000/15m' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  // Staff sign in with the e-mailed link, as in real life; the browser takes the session cookie.
  const staff = browserClient(site.url, EMAIL);
  await staff.signIn({ join: false });
  const cookie = staff.cookieHeader().split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: site.url };
  });
  const results = {};
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies(cookie);
    const page = await context.newPage();
    await page.goto(`${site.url}/staff/sell`);
    if (width === 1280) {
      await page.getByLabel('Float counted in').fill('500');
      await page.getByRole('button', { name: 'Open the till' }).click();
    }
    await page.getByTestId('till-open').waitFor();
    const times = [];
    for (let i = 0; i < SALES; i++) {
      const started = performance.now();
      await page.getByRole('button', { name: 'Main Deck', exact: true }).click();
      await page.getByRole('button', { name: 'One Adult more' }).click();
      await page.getByRole('button', { name: 'One Adult more' }).click();
      await page.getByRole('group', { name: '4. Time' }).getByRole('button', { name: /Places left/ }).first().click();
      await page.getByRole('button', { name: '$88.00', exact: true }).click();
      await page.getByRole('button', { name: 'Take $88.00 in cash and sell' }).click();
      await page.getByTestId('ticket-qr').nth(1).waitFor();
      times.push(performance.now() - started);
      await page.getByRole('button', { name: 'Next sale' }).click();
    }
    results[`${width} px`] = { sales: times.length, median_ms: Math.round(percentile(times, 50)), p95_ms: Math.round(percentile(times, 95)) };
    await context.close();
  }
  console.table(results);
} finally {
  await browser.close();
  site.stop();
}
