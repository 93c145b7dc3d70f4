// The offline gate (decision 0054) in Chromium: a gate page loads the day's ticket list, the network is cut
// (Playwright offline mode), and SCANS tickets are scanned as a hand-held scanner types them (the code and
// Enter into the code field), each verdict read off the page before the next scan: scans per second on the
// device. Then the network returns, and the time from then until the server has every offline admission
// (polled through GET /api/staff/gate/offline as another gate sees it).
// The site runs on the tests' fixed day (SKYPASS_CLOCK, a Wednesday morning in May 2027), so that the
// tickets are today's whatever the real calendar says. Runs on the embedded database, and on PostgreSQL too
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where that user may create databases.
//   node bench/offline-gate.mjs          (needs a build: npx next build)
import os from 'node:os';
import { chromium } from '@playwright/test';
import { browserClient, createDatabase } from './client.mjs';
import { gateEmail, startGateBenchSite } from './site.mjs';

const SCANS = Number(process.env.BENCH_SCANS ?? 500);
const TICKETS_PER_ORDER = 10;
const CLOCK = '2027-05-12T09:00:00-04:00';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DAY = '2027-05-12';

/** Paid orders of one member until `count` tickets of the day: their signed codes. */
async function ticketCodes(url, count) {
  const buyer = browserClient(url);
  await buyer.signIn();
  const res = await buyer.json('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: TICKETS_PER_ORDER }, selectedDate: DAY });
  const slots = (await res.json()).filter((s) => s.available);
  const codes = [];
  for (let i = 0; codes.length < count; i++) {
    if (slots.length === 0) throw new Error(`the day has room for ${codes.length} tickets only`);
    const slot = slots[i % slots.length];
    const started = await buyer.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: TICKETS_PER_ORDER }, selectedTime: slot.id });
    // A slot that is full leaves the rotation.
    if (started.status === 409) {
      slots.splice(i % slots.length, 1);
      continue;
    }
    if (started.status !== 201) throw new Error(`Book refused (${started.status}): ${await started.text()}`);
    const { paymentSession } = await started.json();
    const paid = await buyer.json('/api/payments/test/pay', { sessionId: paymentSession.id, card: CARD });
    if (!paid.ok) throw new Error(`payment refused (${paid.status}): ${await paid.text()}`);
    codes.push(...(await paid.json()).order.tickets.map((t) => t.code));
  }
  return codes.slice(0, count);
}

async function run(backend) {
  const database = backend === 'PostgreSQL' ? await createDatabase(adminUrl) : undefined;
  const { url, stop } = await startGateBenchSite(2, database, { SKYPASS_CLOCK: CLOCK });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const codes = await ticketCodes(url, SCANS);
    const watcher = browserClient(url, gateEmail(2));
    await watcher.signIn({ join: false });
    // Asked again on a dropped connection (a kept-alive socket the server closed while the page scanned).
    const admittedNow = async (tries = 3) => {
      try {
        return (await (await watcher.request(`/api/staff/gate/offline?date=${DAY}`)).json()).admitted.length;
      } catch (error) {
        if (tries <= 1) throw error;
        return admittedNow(tries - 1);
      }
    };

    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'America/New_York' });
    // The page's clock agrees with the site's (the verdict's time window is the slot's).
    const siteNow = Date.parse((await (await context.request.post('/api/dev/clock', { data: {} })).json()).now);
    await context.clock.install({ time: siteNow });
    const session = await context.request.post('/api/dev/session', { data: { email: gateEmail(1) } });
    if (!session.ok()) throw new Error(`no session: ${session.status()}`);
    const page = await context.newPage();
    await page.goto('/staff/gate');
    const network = page.locator('[data-online]');
    await network.filter({ hasText: 'ticket list from' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('This gate').fill('Bench offline');

    await context.setOffline(true);
    await page.locator('[data-online="false"]').waitFor();
    const code = page.getByLabel('Ticket code or reference');
    const started = performance.now();
    const verdicts = {};
    for (let i = 0; i < codes.length; i++) {
      await code.fill(codes[i]);
      await code.press('Enter');
      // The page empties the field once it has answered.
      await page.waitForFunction(() => document.activeElement?.value === '');
      const verdict = await page.locator('[data-verdict]').getAttribute('data-verdict');
      verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    }
    const scanning = performance.now() - started;
    const queued = Number((await network.textContent()).match(/sent: (\d+)/)?.[1] ?? 0);
    console.error(JSON.stringify({ backend, scanned: codes.length, seconds: Math.round(scanning) / 1000, verdicts, queued }));

    const before = await admittedNow();
    const reconnected = performance.now();
    await context.setOffline(false);
    let settled = before;
    for (const deadline = Date.now() + 300_000; settled < before + queued && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      settled = await admittedNow();
    }
    const toSettled = performance.now() - reconnected;
    await context.close();
    return {
      backend,
      scans: codes.length,
      deviceScansPerSecond: Math.round((codes.length / scanning) * 1000 * 10) / 10,
      verdicts,
      queued,
      admittedBeforeReconnect: before,
      admittedAfter: settled,
      reconnectToSettledMs: Math.round(toSettled),
    };
  } finally {
    await browser.close();
    stop();
    await database?.drop();
  }
}

const results = [await run('PGlite')];
if (adminUrl) results.push(await run('PostgreSQL'));
for (const result of results) console.log(JSON.stringify({ ...result, cores: os.cpus().length }));
