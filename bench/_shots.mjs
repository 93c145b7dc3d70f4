// temporary: screenshots of the loading states (not committed)
import { chromium } from '@playwright/test';
import { browserClient } from './client.mjs';
import { startBenchSite } from './site.mjs';
const { url, stop } = await startBenchSite('localhost');
try {
  const member = browserClient(url);
  await member.signIn();
  const selectedDate = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const slots = await (await member.json('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedDate })).json();
  const { bookingId } = await (await member.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slots.find((s) => s.available).id })).json();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const width of [375, 800, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const [name, value] = member.cookieHeader().split('; ').find((c) => c.startsWith('next-auth.session-token')).split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.route('**/api/metadata/getProducts', () => {});
    await page.route('**/refetchSession*', () => {});
    await page.goto(`${url}/products`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots-lh/products-loading-${width}.png` });
    await page.goto(`${url}/checkout?uuid=${bookingId}`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots-lh/checkout-loading-${width}.png` });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${url}/checkout?uuid=${bookingId}`);
    await page.getByLabel('Card number').waitFor();
    await page.screenshot({ path: `/tmp/shots-lh/checkout-${width}.png` });
    await context.close();
  }
  await browser.close();
} finally { stop(); }
