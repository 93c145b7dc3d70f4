// What Lighthouse measures of a visitor's page that a person notices (bench/lighthouse.mjs): nothing jumps
// while the page loads, headings that run in order, a description in the visitor's language.
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

/** Records every layout shift of the next page, naming the element moved (inside the aside, or its tag).
 * The returned function reads them once the page has drawn two more frames: an entry is reported after
 * the frame that moved, and the observer's queue is taken rather than waited for. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        const sources = entry.sources.map(({ node }) => {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element) return 'text';
          return element.closest('aside') ? 'aside' : `${element.tagName.toLowerCase()}.${element.className}`;
        });
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, sources });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { readShifts: () => Promise<Shift[]> }).readShifts = async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      record(observer.takeRecords());
      return shifts;
    };
  });
  return async () => (await page.evaluate(() => (window as unknown as { readShifts: () => Promise<Shift[]> }).readShifts())).filter((s) => !s.hadRecentInput);
}

/** A gate for a route: its answers wait until `open` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test('the ticket page shows its products with its HTML, loads them no second time, and nothing moves', async ({ page }) => {
  const shifts = await recordLayoutShifts(page);
  // Were the browser to load the products, the load would answer only after the page is painted.
  const products = gate();
  let loads = 0;
  await page.route('**/api/metadata/getProducts', async (route) => {
    loads++;
    await products.opened;
    await route.continue();
  });
  await page.goto('/products');
  // The cards come with the page's HTML (decision 0074): no loading state while the load is held.
  await expect(page.getByRole('radio', { name: /Main Deck/ }).first()).toBeAttached();
  await expect(page.getByText('Loading the tickets…')).toHaveCount(0);
  products.open();
  await page.waitForLoadState('networkidle');
  // The products came once, with the page: the browser did not load them again.
  expect(loads).toBe(0);
  const moved = await shifts();
  expect(moved.filter((s) => s.sources.includes('aside'))).toEqual([]);
  expect(moved.reduce((sum, s) => sum + s.value, 0)).toBeLessThanOrEqual(0.02);
});

test("a member's profile: headings in order, nothing moves as the tokens arrive", async ({ page }) => {
  const shifts = await recordLayoutShifts(page);
  await signedInAsNewMember(page, 'quality');
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible({ timeout: 20_000 });
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => expect(level, `heading ${i + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  // The tokens have arrived once nothing is left on the wire.
  await page.waitForLoadState('networkidle');
  expect((await shifts()).reduce((sum, s) => sum + s.value, 0)).toBeLessThanOrEqual(0.02);
});

test("a member's card: headings in order, the QR drawn in its own square (nothing moves)", async ({ page }) => {
  await signedInAsNewMember(page, 'quality-card', null);
  const shifts = await recordLayoutShifts(page);
  await page.goto('/profile/card');
  await expect(page.getByRole('img', { name: /^QR code of the member card of / })).toBeVisible();
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => expect(level, `heading ${i + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
  await page.waitForLoadState('networkidle');
  expect((await shifts()).reduce((sum, s) => sum + s.value, 0)).toBeLessThanOrEqual(0.02);
});

test("a member's gift card page: the buying form is there from the first paint, the balance check does not move", async ({ page }) => {
  await signedInAsNewMember(page, 'quality-gift', null);
  const shifts = await recordLayoutShifts(page);
  // The session's own call held back: the form must not wait for it (it once replaced a sign-in line, CLS 0.46).
  const session = gate();
  await page.route('**/api/auth/session', async (route) => {
    await session.opened;
    await route.continue();
  });
  await page.goto('/gift-cards');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(page.getByText('Gift cards are bought by members of the program.')).toHaveCount(0);
  session.open();
  await page.waitForLoadState('networkidle');
  expect((await shifts()).reduce((sum, s) => sum + s.value, 0)).toBeLessThanOrEqual(0.02);
});

test('the checkout page does not move while the booking loads', async ({ page }) => {
  await signedInAsNewMember(page, 'quality-checkout');
  let slot: { id: string } | undefined;
  for (let day = 0; !slot && day < 3; day++) {
    const selectedDate = new Date(FIXED_NOW.getTime() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const res = await page.request.post('/api/auth/octo/products/availability', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedDate } });
    slot = ((await res.json()) as { id: string; available: boolean }[]).find((s) => s.available);
  }
  const started = await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot!.id } });
  const { bookingId } = (await started.json()) as { bookingId: string };
  const shifts = await recordLayoutShifts(page);
  // A reload: the booking id is the browser's (its payment store), so the page asks for the booking, and on a
  // slow connection it arrives only after the page has been loaded and drawn without it. (An address that
  // names the booking, ?uuid=, has it in the HTML: checkout-api.test.ts.)
  await page.addInitScript((id) => localStorage.setItem('skypass.payment', JSON.stringify({ state: { bookingId: id }, version: 1 })), bookingId);
  const booking = gate();
  await page.route('**/api/auth/octo/bookings/refetchSession*', async (route) => {
    await booking.opened;
    await route.continue();
  });
  await page.goto('/checkout');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your booking' }).first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  booking.open();
  await expect(page.getByRole('timer')).toContainText(/\d+s/);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  const moved = await shifts();
  expect(moved.reduce((sum, s) => sum + s.value, 0), JSON.stringify(moved)).toBeLessThanOrEqual(0.02);
});

test('the sign-in pages describe themselves in the visitor’s language @once', async ({ page }) => {
  for (const path of ['/login', '/signup', '/verifyRequest']) {
    await page.goto(`/fr${path}`);
    const french = await page.locator('meta[name="description"]').getAttribute('content');
    await page.goto(path);
    const english = await page.locator('meta[name="description"]').getAttribute('content');
    expect(french, path).toBeTruthy();
    expect(english, path).toBeTruthy();
    expect(french, path).not.toBe(english);
  }
  await page.goto('/verifyRequest');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /We have sent you a sign-in link\. .*expires in 30 minutes/);
});

test('a guest pass link that cannot be used says why, in the visitor’s language, passing axe @once', async ({ page }) => {
  await page.goto('/fr/join/not-a-guest-pass');
  await expect(page.getByRole('heading', { level: 1, name: 'Ce pass invité ne peut pas être utilisé' })).toBeVisible();
  await expect(page.getByText('Ce lien de pass invité n’est pas valide. Vérifiez le lien que vous avez reçu.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('links prefetch the pages in sight once the page has settled, not during its first seconds @once', async ({ page }) => {
  // A prefetch of a static page asks for its data (/_next/data/…/products.json) as well as its code.
  const prefetched: { path: string; at: number }[] = [];
  page.on('request', (request) => request.url().includes('/_next/data/') && prefetched.push({ path: new URL(request.url()).pathname, at: Date.now() }));
  await page.goto('/', { waitUntil: 'load' });
  const loaded = Date.now();
  // The hero's "Tickets" link to /products is in sight: its page is prefetched once the page has settled
  // (3 s after the load event, client/page-settled.ts), and nothing was prefetched in the first second.
  await expect.poll(() => prefetched.some(({ path }) => path.endsWith('/products.json')), { timeout: 10_000 }).toBe(true);
  expect(Math.min(...prefetched.map(({ at }) => at)) - loaded, JSON.stringify(prefetched)).toBeGreaterThanOrEqual(1_000);
});
