// Things that must fit: the demo mailbox and the profile's tabs on a 375 px phone, and the whole header of a
// signed-in member.
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { LOCALES } from '../../src/config/locales';
import { chooseVisit, joinThroughApi, latestSignInLink, payWith, signedInAsNewMember, uniqueEmail } from './support';

/** Neither the page nor any e-mail in it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    const inner = await frame.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(inner.scroll, 'an e-mail scrolls sideways').toBeLessThanOrEqual(inner.client);
  }
}

test('the mailbox on a 375 px phone has no sideways scroll, long sign-in links included @own-viewport', async ({ page }) => {
  const email = uniqueEmail('a-rather-long-mailbox-address-for-a-phone');
  await joinThroughApi(page.request, email);
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await page.request.post('/api/auth/signin/email', { form: { email, csrfToken, callbackUrl: '/profile', json: 'true' } });
  await latestSignInLink(page.request, email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.frameLocator('iframe').first().getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('after a paid booking the mailbox shows the e-mail as sent, QR codes included, on a 375 px phone @own-viewport', async ({ page }) => {
  test.slow(); // sign-in, booking and payment before the mailbox
  const email = await signedInAsNewMember(page, 'mailbox-qr', null);
  await chooseVisit(page, 2);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const tickets = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Your tickets for Main Deck/ }) });
  const frame = tickets.locator('iframe');
  await expect(frame).toHaveAttribute('title', /^E-mail as sent: Your tickets for Main Deck/);
  const codes = tickets.frameLocator('iframe').getByRole('img', { name: /^TKT-/ });
  await expect(codes).toHaveCount(2);
  const frameBox = (await frame.boundingBox())!;
  for (const code of await codes.all()) {
    await expect(code).toBeVisible();
    // Decoded from the inlined attachment (a broken image keeps its size too), and not cut off by the frame.
    expect(await code.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await code.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(frameBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(box.y + box.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
  }
  await expectNoSidewaysScroll(page);

  // The text part is a click away.
  await tickets.getByText('Text version').click();
  await expect(tickets.getByText(/Ticket 1 · Adult: TKT-/)).toBeVisible();
});

test('on a 375 px phone every profile tab is in sight and whole, in every language: the row wraps, it does not scroll @own-viewport', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAsNewMember(page, 'tabs', null);
  for (const locale of LOCALES) {
    await page.goto(locale === 'en' ? '/profile' : `/${locale}/profile`);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const list = (await page.getByRole('tablist').boundingBox())!;
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      const label = `${locale}: ${await tab.textContent()}`;
      expect(box.x, label).toBeGreaterThanOrEqual(list.x);
      expect(box.x + box.width, label).toBeLessThanOrEqual(list.x + list.width);
      expect(box.x + box.width, label).toBeLessThanOrEqual(375);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth), `${label} is cut off`).toBe(true);
    }
    expect(await page.getByRole('tablist').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // The last tab is one tap away, as the first.
  const last = page.getByRole('tab').last();
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
});

test('at 1280 px a signed-in member sees the whole brand and a one-line account button @own-viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAsNewMember(page, 'header', null);
  await page.goto('/');
  const banner = page.getByRole('banner');
  const brand = banner.getByText('Skyline Ambassadors', { exact: true });
  await expect(brand).toBeVisible();
  expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const account = banner.getByRole('button', { name: 'My account' });
  const box = (await account.boundingBox())!;
  expect(box.height).toBeLessThan(56);
  await expect(banner.getByRole('link', { name: 'How it works' })).toBeVisible();
});

test('every page has a meta description in the visitor language @once', async ({ page }) => {
  for (const [path, words] of [
    ['/', /loyalty program/],
    ['/products', /Choose your experience/],
    ['/login', /Enter your e-mail address/],
    ['/verifyRequest', /sign-in link/],
    ['/ja/products', /[\u3040-\u30ff\u4e00-\u9faf]/],
    ['/de/login', /E-Mail/],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', words);
  }
});
