// Things that must fit: the demo mailbox on a 375 px phone, and the whole header of a signed-in member.
import { expect, test } from '@playwright/test';
import { joinThroughApi, latestSignInLink, signInAsNewMember, uniqueEmail } from './support';

test('the mailbox on a 375 px phone has no sideways scroll, long sign-in links included @own-viewport', async ({ page }) => {
  const email = uniqueEmail('a-rather-long-mailbox-address-for-a-phone');
  await joinThroughApi(page.request, email);
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await page.request.post('/api/auth/signin/email', { form: { email, csrfToken, callbackUrl: '/profile', json: 'true' } });
  await latestSignInLink(page.request, email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});

test('at 1280 px a signed-in member sees the whole brand and a one-line account button @own-viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewMember(page, 'header');
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

test('every page has a meta description in the visitor language', async ({ page }) => {
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
